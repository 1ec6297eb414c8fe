// The staff-account module: the customer page's other sections and fixing the customer's account from
// the care console (ADR 045).
import { createMailComposer } from '../../integrations/mail/compose.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { auditModule } from '../audit/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { profileModule } from '../profile/index.js';
import { registrationModule } from '../registration/index.js';
import { sessionsModule } from '../sessions/index.js';
import { usersModule } from '../users/index.js';
import { workflowsModule } from '../workflows/index.js';
import { createStaffAccountRepository } from './repository.js';
import staffAccountRoutes from './routes.js';
import { createStaffAccountService } from './service.js';

export const staffAccountModule = defineModule({
  name: 'staff-account',
  purpose:
    "the care console's other customer page sections and the account's fixes: unlock the login, resend a password link, end sessions, correct contacts, confirm or revoke a delegation (ADR 045)",
  needs: {
    customers: customersModule,
    sessions: sessionsModule,
    registration: registrationModule,
    audit: auditModule,
    users: usersModule,
    profile: profileModule,
    workflows: workflowsModule,
  },
  createService: ({ db, config, throttle }, needs) =>
    createStaffAccountService({
      db,
      repository: createStaffAccountRepository(db),
      throttle,
      jobs: createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
      mail: createMailComposer(db, config.PUBLIC_BASE_URL),
      publicBaseUrl: config.PUBLIC_BASE_URL,
      ...needs,
    }),
  routes: staffAccountRoutes,
});
