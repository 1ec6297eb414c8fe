// The documents module: a reachable customer's documents, the bill PDF drawn on first request and kept.
import { customersModule } from '../customers/index.js';
import { invoicesModule } from '../invoices/index.js';
import { defineModule } from '../module.js';
import { createDocumentsRepository } from './repository.js';
import documentRoutes from './routes.js';
import { createDocumentsService } from './service.js';

export const documentsModule = defineModule({
  name: 'documents',
  needs: { customers: customersModule, invoices: invoicesModule },
  createService: ({ db }, { customers, invoices }) =>
    createDocumentsService(createDocumentsRepository(db), customers, invoices),
  routes: documentRoutes,
});
