// The catalogue module: the brand's services and their activation, and maintenance contracts
// (SPEC §2 `ser`). Write-us is the support module's.
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { requestsModule } from '../requests/index.js';
import { suppliesModule } from '../supplies/index.js';
import { createCatalogueRepository } from './repository.js';
import catalogueRoutes from './routes.js';
import { createCatalogueService } from './service.js';

export const catalogueModule = defineModule({
  name: 'catalogue',
  purpose:
    "the brand's services and their activation, maintenance contracts with their PDF; the web calls it services",
  needs: {
    customers: customersModule,
    contracts: contractsModule,
    supplies: suppliesModule,
    requests: requestsModule,
  },
  createService: ({ db }, needs) =>
    createCatalogueService({ db, repository: createCatalogueRepository(db), ...needs }),
  routes: catalogueRoutes,
});
