// The users module: the logged-in user, a contract's holder, and the settings a user changes.
import { customersModule } from '../customers/index.js';
import { linksModule } from '../links/index.js';
import { defineModule } from '../module.js';
import { createUsersRepository } from './repository.js';
import userRoutes from './routes.js';
import { createUsersService } from './service.js';

export const usersModule = defineModule({
  name: 'users',
  purpose: "the logged-in user, a contract's holder, the settings a user changes",
  needs: { customers: customersModule, links: linksModule },
  createService: ({ db, store }, { customers, links }) =>
    createUsersService(createUsersRepository(db), customers, store, links),
  routes: userRoutes,
});
