// The invoices module: a reachable customer's bills.
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { createInvoicesRepository } from './repository.js';
import invoiceRoutes from './routes.js';
import { createInvoicesService } from './service.js';

export const invoicesModule = defineModule({
  name: 'invoices',
  needs: { customers: customersModule },
  createService: ({ db }, { customers }) => createInvoicesService(createInvoicesRepository(db), customers),
  routes: invoiceRoutes,
});
