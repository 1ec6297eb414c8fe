// The accessibility module: the statement's feedback mechanism (ADR 032), a report with its 30-day
// answer date, filed logged in (also a practice of the customer) or logged out (found by reference).
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { requestsModule } from '../requests/index.js';
import { createAccessibilityRepository } from './repository.js';
import accessibilityRoutes from './routes.js';
import { createAccessibilityService } from './service.js';

export const accessibilityModule = defineModule({
  name: 'accessibility',
  purpose:
    "the accessibility statement's feedback: a report with its 30-day answer date, logged in (also a request of the customer) or out (ADR 032)",
  needs: { customers: customersModule, requests: requestsModule },
  createService: ({ db, throttle }, needs) =>
    createAccessibilityService({ db, repository: createAccessibilityRepository(db), throttle, ...needs }),
  routes: accessibilityRoutes,
});
