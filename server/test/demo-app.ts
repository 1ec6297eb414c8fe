// The app on a fresh database (PGlite unless told) filled with the demo world (the README's accounts),
// for suites that check what a demo customer sees.
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '@sportello/db/client';
import { openTestDatabase, type DatabaseKind } from './databases.js';

/** Seeds before the suite, closes after it; `app` and `db` are read inside tests. */
export function useDemoApp(
  today: string,
  kind: DatabaseKind = 'pglite',
): { readonly app: FastifyInstance; readonly db: Db } {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const ctx = {} as { app: FastifyInstance; db: Db };
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { seedDemoData } = await import('@sportello/demo');
    await seedDemoData(database.db, { seed: 1, today });
    ctx.db = database.db;
    ctx.app = await buildApp(
      loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '', LOG_LEVEL: 'silent', JOBS_POLL_MS: '0' }),
      database,
    );
  }, 120_000);
  afterAll(async () => {
    await ctx.app.close();
    await database.drop();
  });
  return ctx;
}
