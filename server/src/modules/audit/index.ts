// The audit module: the customer's security events (ADR 038). Other modules write them through its
// service (`record`), never its table.
import { defineModule } from '../module.js';
import { createAuditRepository } from './repository.js';
import auditRoutes from './routes.js';
import { createAuditService } from './service.js';

export const auditModule = defineModule({
  name: 'audit',
  purpose:
    "the customer's security log (logins, passkeys, tokens, step-ups): other modules write it through its service (ADR 038)",
  needs: {},
  createService: ({ db }) => createAuditService(createAuditRepository(db)),
  routes: auditRoutes,
});
