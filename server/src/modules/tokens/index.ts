// The tokens module: personal read-only tokens for the customer's own tools (ADR 037). The tokens are
// the platform's (platform/tokens), since the session plugin reads them on every call that brings one.
import { createMailComposer } from '../../integrations/mail/compose.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { auditModule } from '../audit/index.js';
import { invoicesModule } from '../invoices/index.js';
import { meteringModule } from '../metering/index.js';
import { defineModule } from '../module.js';
import { passkeysModule } from '../passkeys/index.js';
import { suppliesModule } from '../supplies/index.js';
import tokenRoutes from './routes.js';
import { createTokensService } from './service.js';

export const tokensModule = defineModule({
  name: 'tokens',
  purpose:
    "personal read-only tokens for the customer's own tools (ADR 037); the token store is platform (`platform/tokens`)",
  needs: {
    metering: meteringModule,
    invoices: invoicesModule,
    supplies: suppliesModule,
    // The new token's notice goes where the passkeys' does; its creation joins the security trail.
    passkeys: passkeysModule,
    audit: auditModule,
  },
  createService: ({ db, config, tokens }, needs) =>
    createTokensService({
      tokens,
      ...needs,
      notices: {
        jobs: createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
        mail: createMailComposer(db, config.PUBLIC_BASE_URL),
        publicBaseUrl: config.PUBLIC_BASE_URL,
      },
    }),
  routes: tokenRoutes,
});
