// The supplies module: a reachable customer's supplies, their offers and meter groups.
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { createSuppliesRepository } from './repository.js';
import supplyRoutes from './routes.js';
import { createSuppliesService } from './service.js';

export const suppliesModule = defineModule({
  name: 'supplies',
  purpose: "a reachable customer's supplies, offers and meter groups; the ERP's supplies and meters",
  needs: { customers: customersModule },
  createService: ({ db }, { customers }) => createSuppliesService(createSuppliesRepository(db), customers),
  routes: supplyRoutes,
});
