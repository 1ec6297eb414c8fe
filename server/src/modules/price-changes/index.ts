// The price-changes module (ADR 032, ADR 035): unilateral changes of an offer's prices, announced to
// the customer as a regulatory notice with their own estimate, and the notices still to apply.
import { customersModule } from '../customers/index.js';
import { messagesModule } from '../messages/index.js';
import { meteringModule } from '../metering/index.js';
import { defineModule } from '../module.js';
import { createPriceChangesRepository } from './repository.js';
import priceChangeRoutes from './routes.js';
import { createPriceChangesService } from './service.js';

export const priceChangesModule = defineModule({
  name: 'priceChanges',
  purpose:
    "unilateral price changes: the notice with the customer's own estimate, and the notices still to apply (ADR 032, 035)",
  needs: { customers: customersModule, metering: meteringModule, messages: messagesModule },
  createService: ({ db }, needs) =>
    createPriceChangesService({ repository: createPriceChangesRepository(db), ...needs }),
  routes: priceChangeRoutes,
});
