// The registration module: new customers and delegates, delegation requests confirmed by the
// delegator (module 6 link), and the forgotten password (module 5 link).
import { createMailComposer } from '../../integrations/mail/compose.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { addressModule } from '../address/index.js';
import { auditModule } from '../audit/index.js';
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { linksModule } from '../links/index.js';
import { defineModule } from '../module.js';
import { profileModule } from '../profile/index.js';
import { usersModule } from '../users/index.js';
import { workflowsModule } from '../workflows/index.js';
import { createRegistrationRepository } from './repository.js';
import registrationRoutes from './routes.js';
import { createRegistrationService } from './service.js';

export const registrationModule = defineModule({
  name: 'registration',
  purpose:
    'the fiscal-data check, sign-up of customers and delegates, delegations and their revocation, forgotten password (ADR 022, 047)',
  needs: {
    customers: customersModule,
    users: usersModule,
    links: linksModule,
    workflows: workflowsModule,
    address: addressModule,
    profile: profileModule,
    audit: auditModule,
    // Only for its rule: which contract is in force.
    contracts: contractsModule,
  },
  createService: ({ db, config, store, throttle }, needs) =>
    createRegistrationService({
      repository: createRegistrationRepository(db),
      ...needs,
      jobs: (tx) => createJobQueue(tx, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
      store,
      throttle,
      mail: createMailComposer(db, config.PUBLIC_BASE_URL),
      publicBaseUrl: config.PUBLIC_BASE_URL,
    }),
  routes: registrationRoutes,
});
