// The price-changes module (ADR 035, ADR 058): unilateral changes of an offer's prices, announced to
// the holder as a regulatory notice with their own estimate, by e-mail or a letter the ERP posts, and
// the notices still to apply.
import { createMailComposer } from '../../integrations/mail/compose.js';
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
  createService: ({ db, config }, needs) =>
    createPriceChangesService({
      db,
      repository: createPriceChangesRepository(db),
      mail: createMailComposer(db, config.PUBLIC_BASE_URL),
      ...needs,
    }),
  routes: priceChangeRoutes,
});
