// "I tuoi dati" routes (ADR 039): the user's archives, asking for one, downloading one.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { ArchivesService } from './service.js';

export default function archiveRoutes(app: FastifyInstance, archives: ArchivesService) {
  route(app, core.listDataArchives, ({ user }) => archives.list(user, new Date()));

  route(app, core.requestDataArchive, ({ user }) => archives.request(user, new Date()));

  route(app, core.downloadDataArchive, ({ params }) => archives.download(params.key, new Date()));
}
