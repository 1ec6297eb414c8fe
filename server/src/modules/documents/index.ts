// The documents module: a reachable customer's documents, the bill PDF drawn on first request and kept
// (its QR code an entry link to the bill's page).
import { customersModule } from '../customers/index.js';
import { invoicesModule } from '../invoices/index.js';
import { linksModule } from '../links/index.js';
import { defineModule } from '../module.js';
import { createDocumentsRepository } from './repository.js';
import documentRoutes from './routes.js';
import { createDocumentsService } from './service.js';

export const documentsModule = defineModule({
  name: 'documents',
  purpose: 'documents, the bill PDF drawn on first request and kept, the meter photo of a self-reading',
  needs: { customers: customersModule, invoices: invoicesModule, links: linksModule },
  createService: ({ db, config }, { customers, invoices, links }) =>
    createDocumentsService(createDocumentsRepository(db), customers, invoices, links, config.PUBLIC_BASE_URL),
  routes: documentRoutes,
});
