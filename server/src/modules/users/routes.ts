// Core user routes: read the own user, the holder of a reachable contract, and update own settings.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { UsersService } from './service.js';

export default function userRoutes(app: FastifyInstance, users: UsersService) {
  route(app, core.getUser, ({ user, params }) => users.getOwn(user, params.id));

  route(app, core.getUserByContract, ({ user, query }) => users.getByContract(user, query.contractKey));

  route(app, core.updateUser, ({ user, body, session }) => users.update(user, body, session.idHash));
}
