// The care console's work queues (ADR 042): write-us messages, complaints and requests
// of the staff's brands, assigned, answered, moved through their phases and escalated. Answers reach
// the customer through the integration module's notices, as the ERP's answers do.
import { complaintsModule } from '../complaints/index.js';
import { integrationModule } from '../integration/index.js';
import { defineModule } from '../module.js';
import { requestsModule } from '../requests/index.js';
import { createQueuesRepository } from './repository.js';
import queuesRoutes from './routes.js';
import { createQueuesService } from './service.js';

export const queuesModule = defineModule({
  name: 'queues',
  purpose:
    "the care console's work queues: write-us messages, complaints and requests assigned, answered, moved through their phases (ADR 042)",
  needs: { complaints: complaintsModule, requests: requestsModule, integration: integrationModule },
  createService: ({ db }, needs) =>
    createQueuesService({ db, repository: createQueuesRepository(db), ...needs }),
  routes: queuesRoutes,
});
