// The invoices module: a reachable customer's bills, their Bolletta 2.0 view, installments, insolvencies.
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { createInvoicesRepository } from './repository.js';
import invoiceRoutes from './routes.js';
import { createInvoicesService } from './service.js';

export const invoicesModule = defineModule({
  name: 'invoices',
  needs: { customers: customersModule, contracts: contractsModule },
  createService: ({ db }, { customers, contracts }) =>
    createInvoicesService(createInvoicesRepository(db), customers, contracts),
  routes: invoiceRoutes,
});
