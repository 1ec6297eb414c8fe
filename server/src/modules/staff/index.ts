// The staff module: the customer-care console's accounts, login, search and customer page
// (ADR 041). Staff sessions and the audit are the platform's (platform/staff), since the staff plugin
// reads them on every console call.
import { complaintsModule } from '../complaints/index.js';
import { customersModule } from '../customers/index.js';
import { invoicesModule } from '../invoices/index.js';
import { messagesModule } from '../messages/index.js';
import { requestsModule } from '../requests/index.js';
import { defineModule } from '../module.js';
import { suppliesModule } from '../supplies/index.js';
import { createStaffSessionStore } from '../../platform/staff/staff-sessions.js';
import { createCeremonies } from '../../platform/auth/webauthn.js';
import { createStaffPasskeysRepository, type StaffPasskeyRow } from './passkeys-repository.js';
import { createStaffRepository } from './repository.js';
import staffRoutes from './routes.js';
import { createStaffService } from './service.js';

export const staffModule = defineModule({
  name: 'staff',
  purpose:
    "the care console's staff accounts, login, customer search and customer page (ADR 041); staff sessions and the staff audit are platform (`platform/staff`)",
  needs: {
    customers: customersModule,
    supplies: suppliesModule,
    invoices: invoicesModule,
    requests: requestsModule,
    complaints: complaintsModule,
    messages: messagesModule,
  },
  createService: ({ db, config, throttle }, needs) => {
    const passkeys = createStaffPasskeysRepository(db);
    return createStaffService({
      db,
      repository: createStaffRepository(db, config.SECRETS_KEYS),
      passkeys,
      // The customers' relying party (WEBAUTHN_RP_ID/ORIGINS): the console is served by the same site.
      ceremonies: createCeremonies<StaffPasskeyRow>(
        db,
        {
          id: config.WEBAUTHN_RP_ID,
          name: 'Sportello – console operatori',
          origins: config.WEBAUTHN_ORIGINS,
        },
        { markUsed: passkeys.markUsed, staff: true },
      ),
      sessions: createStaffSessionStore(db),
      throttle,
      limits: {
        perUsernameAndAddress: config.LOGIN_MAX_FAILURES_PER_USERNAME_ADDRESS,
        slowdownPerUsername: config.LOGIN_SLOWDOWN_AFTER_FAILURES_PER_USERNAME,
        perAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
        windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
      },
      ...needs,
    });
  },
  routes: staffRoutes,
});
