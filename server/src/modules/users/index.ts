// The users module: the logged-in user, a contract's holder, and the settings a user changes.
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { createUsersRepository } from './repository.js';
import userRoutes from './routes.js';
import { createUsersService } from './service.js';

export const usersModule = defineModule({
  name: 'users',
  needs: { customers: customersModule },
  createService: ({ db, store }, { customers }) =>
    createUsersService(createUsersRepository(db), customers, store),
  routes: userRoutes,
});
