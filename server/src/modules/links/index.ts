// The links module: hash codes from mails, SMS and pushes that open a page of the portal, and the
// links the notifications send.
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { workflowsModule } from '../workflows/index.js';
import { createLinksRepository } from './repository.js';
import linkRoutes from './routes.js';
import { createLinksService } from './service.js';

export const linksModule = defineModule({
  name: 'links',
  needs: { customers: customersModule, workflows: workflowsModule },
  createService: ({ db, store }, { customers, workflows }) =>
    createLinksService({ repository: createLinksRepository(db), store, customers, workflows }),
  routes: linkRoutes,
});
