// The passkeys module (ADR 038): passkeys added in the profile, login with them, and step-up (a
// passkey or a one-time code) before the calls marked `stepUp`. Security events go to the audit module.
import { createMailComposer } from '../../integrations/mail/compose.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { createCeremonies } from '../../platform/auth/webauthn.js';
import { auditModule } from '../audit/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { profileModule } from '../profile/index.js';
import { sessionsModule } from '../sessions/index.js';
import { usersModule } from '../users/index.js';
import { createPasskeysRepository, type PasskeyRow } from './repository.js';
import passkeyRoutes from './routes.js';
import { createPasskeysService } from './service.js';

export const passkeysModule = defineModule({
  name: 'passkeys',
  purpose:
    'passkeys added in the profile, login with them, and the step-up before the calls marked `stepUp` (ADR 038)',
  needs: {
    audit: auditModule,
    sessions: sessionsModule,
    users: usersModule,
    profile: profileModule,
    customers: customersModule,
  },
  createService: ({ db, config, store, throttle }, needs) => {
    const repository = createPasskeysRepository(db);
    return createPasskeysService({
      ...needs,
      repository,
      ceremonies: createCeremonies<PasskeyRow>(
        db,
        { id: config.WEBAUTHN_RP_ID, name: 'Sportello', origins: config.WEBAUTHN_ORIGINS },
        { markUsed: repository.markUsed },
      ),
      store,
      throttle,
      jobs: (tx) => createJobQueue(tx, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
      mail: (tx) => createMailComposer(tx, config.PUBLIC_BASE_URL),
      publicBaseUrl: config.PUBLIC_BASE_URL,
    });
  },
  routes: passkeyRoutes,
});
