// The profile module: e-mail and phone changes confirmed by one-time codes, a customer's consents and
// home phone, the registry change request, and where a business customer's e-invoices go (ADR 067).
import { createMailComposer } from '../../integrations/mail/compose.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { requestsModule } from '../requests/index.js';
import { usersModule } from '../users/index.js';
import { createProfileRepository } from './repository.js';
import profileRoutes from './routes.js';
import { createProfileService } from './service.js';

export const profileModule = defineModule({
  name: 'profile',
  purpose:
    'e-mail and phone changes with one-time codes, consents, home phone, registry change, where e-invoices go (ADR 067)',
  needs: { customers: customersModule, users: usersModule, requests: requestsModule },
  createService: ({ db, config, store, throttle }, needs) =>
    createProfileService({
      repository: createProfileRepository(db),
      ...needs,
      store,
      throttle,
      jobs: (tx) => createJobQueue(tx, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
      mail: (tx) => createMailComposer(tx, config.PUBLIC_BASE_URL),
      publicBaseUrl: config.PUBLIC_BASE_URL,
    }),
  routes: profileRoutes,
});
