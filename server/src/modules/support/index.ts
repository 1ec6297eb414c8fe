// The support module: write us, logged in (a request of the customer) or logged out (a message for
// the back office) (SPEC §1 contact form). The web calls this area 'support'.
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { requestsModule } from '../requests/index.js';
import { createSupportRepository } from './repository.js';
import supportRoutes from './routes.js';
import { createSupportService } from './service.js';

export const supportModule = defineModule({
  name: 'support',
  purpose: 'write us: the logged-in contact request (a request of the customer) and the logged-out message',
  needs: {
    customers: customersModule,
    contracts: contractsModule,
    requests: requestsModule,
  },
  createService: ({ db, throttle }, needs) =>
    createSupportService({ db, repository: createSupportRepository(db), throttle, ...needs }),
  routes: supportRoutes,
});
