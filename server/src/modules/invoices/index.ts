// The invoices module: a reachable customer's bills, their Bolletta 2.0 view, installments, insolvencies;
// a new bill notifies the customer.
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { createInvoicesRepository } from './repository.js';
import invoiceRoutes from './routes.js';
import { createInvoicesService } from './service.js';

export const invoicesModule = defineModule({
  name: 'invoices',
  needs: { customers: customersModule, contracts: contractsModule, notifications: notificationsModule },
  createService: ({ db }, { customers, contracts, notifications }) =>
    createInvoicesService(createInvoicesRepository(db), customers, contracts, notifications),
  routes: invoiceRoutes,
});
