// Privacy request routes: a customer's erasure and objection requests, listed and filed.
import type { FastifyInstance } from 'fastify';
import { privacy } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { PrivacyService } from './service.js';

export default function privacyRoutes(app: FastifyInstance, service: PrivacyService) {
  route(app, privacy.listPrivacyRequests, ({ user, params }) => service.list(user, params.id));

  route(app, privacy.filePrivacyRequest, ({ user, session, params, body }) =>
    service.file(user, session.company, params.id, body, new Date()),
  );
}
