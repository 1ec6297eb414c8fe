// Link routes: resolve a hash code for the session, guest or user.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { LinksService } from './service.js';

export default function linkRoutes(app: FastifyInstance, links: LinksService) {
  route(app, core.getLink, ({ session, user, params }) =>
    links.resolve(session.company, user, params.id, new Date()),
  );
}
