// The address module (stradario): town and street search and the address check.
import { defineModule } from '../module.js';
import { createAddressRepository } from './repository.js';
import addressRoutes from './routes.js';
import { createAddressService } from './service.js';

export const addressModule = defineModule({
  name: 'address',
  purpose: 'town and street search and the address check (stradario, ADR 026)',
  needs: {},
  createService: ({ db }) => createAddressService(createAddressRepository(db)),
  routes: addressRoutes,
});
