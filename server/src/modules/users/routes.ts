// Core user routes: read the own user, the holder of a reachable contract, and update own settings.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

export default async function userRoutes(app: FastifyInstance, { services }: { services: Services }) {
  route(app, core.getUser, ({ user, params }) => services.users.getOwn(user, params.id));

  route(app, core.getUserByContract, ({ user, query }) =>
    services.users.getByContract(user, query.contractKey),
  );

  route(app, core.updateUser, async ({ user, body, session }) => {
    const updated = await services.users.update(user, body);
    // A password change ends every other session of the user; this one stays.
    if (body.password !== undefined) await services.sessions.endOtherSessions(user.id, session.idHash);
    return updated;
  });
}
