// Passkeys, login with a passkey and step-up (ADR 038).
import type { FastifyInstance } from 'fastify';
import { passkeys } from '@sportello/contract';
import { route } from '../../http/route.js';
import { userAgentOf } from '../../platform/sessions/session-store.js';
import type { PasskeysService } from './service.js';

export default function passkeyRoutes(app: FastifyInstance, service: PasskeysService) {
  route(app, passkeys.passkeyRegistrationOptions, ({ session, user }) =>
    service.registrationOptions(session, user, new Date()),
  );
  route(app, passkeys.registerPasskey, ({ session, user, body, request }) =>
    service.register(session, user, body, userAgentOf(request), new Date()),
  );
  route(app, passkeys.listPasskeys, ({ user }) => service.list(user));
  route(app, passkeys.deletePasskey, ({ user, params, request }) =>
    service.remove(user, params.key, userAgentOf(request), new Date()),
  );

  route(app, passkeys.passkeyLoginOptions, ({ session }) => service.loginOptions(session, new Date()));
  route(app, passkeys.loginWithPasskey, ({ session, body, request }) =>
    service.login(
      session,
      body.credential,
      { clientAddress: request.ip, userAgent: userAgentOf(request) },
      new Date(),
    ),
  );

  const { stepUp } = service;
  route(app, passkeys.getStepUp, ({ session, user }) => stepUp.status(session, user, new Date()));
  route(app, passkeys.stepUpOptions, ({ session, user }) => stepUp.passkeyOptions(session, user, new Date()));
  route(app, passkeys.stepUpWithPasskey, ({ session, user, body, request }) =>
    stepUp.withPasskey(session, user, body.credential, userAgentOf(request), new Date()),
  );
  route(app, passkeys.startStepUpCode, ({ user, body }) => stepUp.startCode(user, body.channel, new Date()));
  route(app, passkeys.verifyStepUpCode, ({ session, user, body, request }) =>
    stepUp.withCode(session, user, body, userAgentOf(request), new Date()),
  );
}
