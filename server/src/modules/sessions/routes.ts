// Core session routes: open a guest session, read it, log in and out.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

export default async function sessionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  route(app, core.createSession, ({ body }) =>
    services.sessions.createGuest(body.company, body.clientSpec ?? null, new Date()),
  );

  route(app, core.getSession, ({ session, params, request }) =>
    services.sessions.get(session, params.id, String(request.headers.sessionid)),
  );

  route(app, core.login, ({ session, body, request }) =>
    services.sessions.login(
      session,
      { username: body.username, password: body.password, clientAddress: request.ip },
      new Date(),
    ),
  );

  route(app, core.logout, async ({ session }) => {
    await services.sessions.logout(session);
    return { loggedOut: true as const };
  });
}
