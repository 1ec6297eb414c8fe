// The invoices module: a reachable customer's bills, their Bolletta 2.0 view, installments, insolvencies;
// a new bill notifies the customer.
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { settingsModule } from '../settings/index.js';
import { createInvoicesRepository } from './repository.js';
import invoiceRoutes from './routes.js';
import { createInvoicesService } from './service.js';

export const invoicesModule = defineModule({
  name: 'invoices',
  needs: {
    customers: customersModule,
    contracts: contractsModule,
    notifications: notificationsModule,
    settings: settingsModule,
  },
  createService: ({ db }, { customers, contracts, notifications, settings }) =>
    createInvoicesService(createInvoicesRepository(db), customers, contracts, notifications, settings),
  routes: invoiceRoutes,
});
