// The workflows module: tasks waiting for a customer's reply (link module 6).
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { createWorkflowsRepository } from './repository.js';
import workflowRoutes from './routes.js';
import { createWorkflowsService } from './service.js';

export const workflowsModule = defineModule({
  name: 'workflows',
  needs: { customers: customersModule },
  createService: ({ db }, { customers }) =>
    createWorkflowsService({ repository: createWorkflowsRepository(db), customers }),
  routes: workflowRoutes,
});
