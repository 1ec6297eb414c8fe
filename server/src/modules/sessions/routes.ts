// Core session routes: open a guest session, read it, log in and out.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { SessionsService } from './service.js';

export default function sessionRoutes(app: FastifyInstance, sessions: SessionsService) {
  route(app, core.createSession, ({ body, request }) =>
    sessions.createGuest(body.company, body.clientSpec ?? null, request.ip, new Date()),
  );

  route(app, core.getSession, ({ session, params }) => sessions.get(session, params.id));

  route(app, core.login, ({ session, body, request }) =>
    sessions.login(
      session,
      { username: body.username, password: body.password, clientAddress: request.ip },
      new Date(),
    ),
  );

  route(app, core.createSessionHandover, ({ session }) => sessions.createHandover(session, new Date()));

  route(app, core.exchangeSessionHandover, ({ body }) => sessions.exchangeHandover(body.code, new Date()));

  route(app, core.logout, async ({ session }) => {
    await sessions.logout(session);
    return { loggedOut: true as const };
  });
}
