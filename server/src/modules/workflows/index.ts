// The workflows module: tasks waiting for a customer's reply (link module 6).
import { linksModule } from '../links/index.js';
import { defineModule } from '../module.js';
import { createWorkflowsRepository } from './repository.js';
import workflowRoutes from './routes.js';
import { createWorkflowsService } from './service.js';

export const workflowsModule = defineModule({
  name: 'workflows',
  purpose: "tasks waiting for a customer's reply (link module 6)",
  needs: { links: linksModule },
  createService: ({ db }, needs) =>
    createWorkflowsService({ repository: createWorkflowsRepository(db), ...needs }),
  routes: workflowRoutes,
});
