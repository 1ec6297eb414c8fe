// The complaints module (reclami, ARERA TIQV; ADR 030, 063): filing logged in or out, the list with
// each complaint's two clocks and automatic compensation, one complaint and its PDF, the logged-out
// sender's receipt mail and lookup. Attachments are kept as the customer's documents, through the
// documents module.
import { createMailComposer } from '../../integrations/mail/compose.js';
import { customersModule } from '../customers/index.js';
import { documentsModule } from '../documents/index.js';
import { defineModule } from '../module.js';
import { createComplaintsRepository } from './repository.js';
import complaintRoutes from './routes.js';
import { createComplaintsService } from './service.js';

export const complaintsModule = defineModule({
  name: 'complaints',
  purpose:
    "complaints (reclami, ARERA TIQV): filing logged in or out, each one's clock and automatic compensation, its PDF (ADR 030)",
  needs: { customers: customersModule, documents: documentsModule },
  createService: ({ db, config, throttle }, needs) =>
    createComplaintsService({
      repository: createComplaintsRepository(db),
      throttle,
      mail: createMailComposer(db, config.PUBLIC_BASE_URL),
      ...needs,
    }),
  routes: complaintRoutes,
});
