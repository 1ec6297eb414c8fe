// The links module: hash codes from mails, SMS and pushes that open a page of the portal, and the
// links the notifications send.
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { createLinksRepository } from './repository.js';
import linkRoutes from './routes.js';
import { createLinksService } from './service.js';

export const linksModule = defineModule({
  name: 'links',
  needs: { customers: customersModule },
  createService: ({ db, store }, { customers }) =>
    createLinksService({ repository: createLinksRepository(db), store, customers }),
  routes: linkRoutes,
});
