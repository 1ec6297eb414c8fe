// The services module: the brand's services and their activation, maintenance contracts, and the
// write-us contact request (SPEC §2 `ser`, §1 contact form).
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { requestsModule } from '../requests/index.js';
import { suppliesModule } from '../supplies/index.js';
import { createServicesRepository } from './repository.js';
import serviceRoutes from './routes.js';
import { createServicesService } from './service.js';

export const servicesModule = defineModule({
  name: 'services',
  needs: {
    customers: customersModule,
    contracts: contractsModule,
    supplies: suppliesModule,
    requests: requestsModule,
  },
  createService: ({ db, throttle }, needs) =>
    createServicesService({ db, repository: createServicesRepository(db), throttle, ...needs }),
  routes: serviceRoutes,
});
