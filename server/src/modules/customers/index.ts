// The customers module: which customers a user reaches (own or delegated); every ERP module asks it.
import { defineModule } from '../module.js';
import { createCustomersRepository } from './repository.js';
import customerRoutes from './routes.js';
import { createCustomersService } from './service.js';

export const customersModule = defineModule({
  name: 'customers',
  purpose:
    "which customers a user reaches, own or delegated; the ownership check others ask; the ERP's customers",
  needs: {},
  createService: ({ db }) => createCustomersService(createCustomersRepository(db)),
  routes: customerRoutes,
});
