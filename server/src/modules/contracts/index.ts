// The contracts module: a reachable customer's contracts and the checks other modules make on one.
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { createContractsRepository } from './repository.js';
import contractRoutes from './routes.js';
import { createContractsService } from './service.js';

export const contractsModule = defineModule({
  name: 'contracts',
  purpose:
    "a reachable customer's contracts, with the bank debit masked and changes in progress; the ERP's contracts",
  needs: { customers: customersModule },
  createService: ({ db }, { customers }) => createContractsService(createContractsRepository(db), customers),
  routes: contractRoutes,
});
