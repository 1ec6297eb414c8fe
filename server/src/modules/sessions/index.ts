// The sessions module: guest sessions, login and logout, the user's devices and logins (ADR 037). The
// session store itself is the platform's (modules/module.ts), since the session plugin reads it on
// every call.
import { createMailComposer } from '../../integrations/mail/compose.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { settingsModule } from '../settings/index.js';
import { usersModule } from '../users/index.js';
import { createDevices } from './devices.js';
import { createSessionsRepository } from './repository.js';
import sessionRoutes from './routes.js';
import { createSessionsService } from './service.js';

export const sessionsModule = defineModule({
  name: 'sessions',
  purpose:
    'guest sessions, login, logout, the handover code of `s`/rcrm (ADR 023); the session store and reach check are platform',
  needs: {
    users: usersModule,
    settings: settingsModule,
    customers: customersModule,
    contracts: contractsModule,
  },
  createService: ({ db, config, store, throttle }, { users, settings, customers, contracts }) =>
    createSessionsService({
      areaClosed: contracts.areaClosed,
      devices: createDevices({
        store,
        repository: createSessionsRepository(db),
        customers,
        jobs: createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
        mail: createMailComposer(db, config.PUBLIC_BASE_URL),
        publicBaseUrl: config.PUBLIC_BASE_URL,
      }),
      store,
      users,
      settings,
      throttle,
      limits: {
        perUsernameAndAddress: config.LOGIN_MAX_FAILURES_PER_USERNAME_ADDRESS,
        slowdownPerUsername: config.LOGIN_SLOWDOWN_AFTER_FAILURES_PER_USERNAME,
        perAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
        windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
        guestSessionsPerAddress: config.GUEST_SESSIONS_PER_ADDRESS,
      },
    }),
  routes: sessionRoutes,
});
