// Serves the built web app. Unknown non-API paths fall back to index.html in the errors plugin.
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export default fp(async function web(app: FastifyInstance, opts: { distDir: string }) {
  const root = path.resolve(opts.distDir);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // The web build writes .br and .gz beside each asset; send those to browsers that accept them.
    preCompressed: true,
    // Our own cache policy below, not the plugin's default max-age=0.
    cacheControl: false,
    // Hashed assets never change; index.html must always be fresh.
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
});
