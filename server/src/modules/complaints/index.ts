// The complaints module (reclami, ARERA TIQV; ADR 030): filing logged in or out, the list with each
// complaint's clock and automatic compensation, one complaint and its PDF. Attachments are kept as
// the customer's documents, through the documents module.
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
  createService: ({ db, throttle }, needs) =>
    createComplaintsService({ repository: createComplaintsRepository(db), throttle, ...needs }),
  routes: complaintRoutes,
});
