// The links module: hash codes from mails, SMS and pushes that open a page of the portal.
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { createLinksRepository } from './repository.js';
import linkRoutes from './routes.js';
import { createLinksService } from './service.js';

export const linksModule = defineModule({
  name: 'links',
  needs: { customers: customersModule },
  createService: ({ db }, { customers }) => createLinksService(createLinksRepository(db), customers),
  routes: linkRoutes,
});
