// The requests module: change requests on a contract (shipping address, bank debit), on a bill
// (installments, bill by e-mail, billing options) and reading them.
import { createMailComposer } from '../../integrations/mail/compose.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { addressModule } from '../address/index.js';
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { invoicesModule } from '../invoices/index.js';
import { defineModule } from '../module.js';
import { createRequestsRepository } from './repository.js';
import requestRoutes from './routes.js';
import { createRequestsService } from './service.js';

export const requestsModule = defineModule({
  name: 'requests',
  purpose:
    'change requests (shipping address, bank debit, installments, bill options) and reading them (the pages at `/practices`)',
  needs: {
    customers: customersModule,
    contracts: contractsModule,
    address: addressModule,
    invoices: invoicesModule,
  },
  createService: ({ db, config }, needs) =>
    createRequestsService({
      db,
      repository: createRequestsRepository(db),
      ...needs,
      notices: {
        jobs: createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
        mail: createMailComposer(db, config.PUBLIC_BASE_URL),
        publicBaseUrl: config.PUBLIC_BASE_URL,
      },
    }),
  routes: requestRoutes,
});
