// Core session routes: open a guest session, read it, log in and out.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import { userAgentOf } from '../../platform/sessions/session-store.js';
import type { SessionsService } from './service.js';

export default function sessionRoutes(app: FastifyInstance, sessions: SessionsService) {
  route(app, core.createSession, ({ body, request }) =>
    sessions.createGuest(body.company, body.clientSpec ?? null, request.ip, new Date()),
  );

  route(app, core.getSession, ({ session, params }) => sessions.get(session, params.id));

  route(app, core.login, ({ session, body, request }) =>
    sessions.login(
      session,
      {
        username: body.username,
        password: body.password,
        clientAddress: request.ip,
        userAgent: userAgentOf(request),
      },
      new Date(),
    ),
  );

  route(app, core.createSessionHandover, ({ session }) => sessions.createHandover(session, new Date()));

  route(app, core.exchangeSessionHandover, ({ body, request }) =>
    sessions.exchangeHandover(body.code, userAgentOf(request), new Date()),
  );

  route(app, core.logout, async ({ session }) => {
    await sessions.logout(session);
    return { loggedOut: true as const };
  });

  // "Dispositivi e accessi" (ADR 037).
  const { devices } = sessions;
  route(app, core.listUserSessions, ({ session, user }) => devices.list(session, user, new Date()));
  route(app, core.deleteUserSession, ({ user, params }) => devices.end(user, params.key));
  route(app, core.deleteOtherUserSessions, ({ session, user }) =>
    devices.endOthers(session, user, new Date()),
  );
  route(app, core.listLoginHistory, ({ user }) => devices.history(user));
  route(app, core.endSessionByLink, ({ body, request }) =>
    sessions.endByLink(body.token, request.ip, new Date()),
  );
}
