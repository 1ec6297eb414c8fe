// Link routes (SPEC §7 Core links/{id}): the id is the link's hash code.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { LinksService } from './service.js';

export default function linkRoutes(app: FastifyInstance, links: LinksService) {
  route(app, core.getLink, ({ session, params }) => links.resolve(session, params.id, new Date()));
}
