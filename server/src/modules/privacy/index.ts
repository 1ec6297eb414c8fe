// The privacy module: erasure (GDPR art. 17) and objection (art. 21) requests filed from the profile,
// practices the care queue works and the ERP hears of, due within the month (ADR 069).
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { requestsModule } from '../requests/index.js';
import privacyRoutes from './routes.js';
import { createPrivacyService } from './service.js';

export const privacyModule = defineModule({
  name: 'privacy',
  purpose:
    'erasure (GDPR art. 17) and objection (art. 21) requests: practices in the care queue and request.opened events, due within the month (ADR 069)',
  needs: { customers: customersModule, requests: requestsModule },
  createService: ({ db }, needs) => createPrivacyService({ db, ...needs }),
  routes: privacyRoutes,
});
