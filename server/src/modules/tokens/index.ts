// The tokens module: personal read-only tokens for the customer's own tools (ADR 037). The tokens are
// the platform's (platform/tokens), since the session plugin reads them on every call that brings one.
import { invoicesModule } from '../invoices/index.js';
import { meteringModule } from '../metering/index.js';
import { defineModule } from '../module.js';
import { suppliesModule } from '../supplies/index.js';
import tokenRoutes from './routes.js';
import { createTokensService } from './service.js';

export const tokensModule = defineModule({
  name: 'tokens',
  needs: { metering: meteringModule, invoices: invoicesModule, supplies: suppliesModule },
  createService: ({ tokens }, needs) => createTokensService({ tokens, ...needs }),
  routes: tokenRoutes,
});
