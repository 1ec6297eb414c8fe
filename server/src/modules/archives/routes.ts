// "I tuoi dati" routes (ADR 039): the user's archives, asking for one, downloading one; and the hourly
// sweep that deletes archives past their 7 days, whichever process runs it (the update is idempotent).
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { ArchivesService } from './service.js';

export default function archiveRoutes(app: FastifyInstance, archives: ArchivesService) {
  route(app, core.listDataArchives, ({ user }) => archives.list(user, new Date()));

  route(app, core.requestDataArchive, ({ user }) => archives.request(user, new Date()));

  route(app, core.downloadDataArchive, ({ params }) => archives.download(params.key, new Date()));

  if (archives.sweepEveryMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      archives.expire(new Date()).catch((err: Error) => app.log.error({ err }, 'archive sweep failed'));
    };
    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, archives.sweepEveryMs).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
