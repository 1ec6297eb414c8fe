// The app on a fresh database (PGlite unless told) filled with the demo world (the README's accounts),
// for suites that check what a demo customer sees.
import { afterAll, beforeAll, expect } from 'vitest';
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

/** The password of every demo account (the README's). */
export const DEMO_PASSWORD = 'Sportello2026!';

/**
 * What a demo suite asks of the app: `send` a GET of an ERP call with a session (the raw answer), `get`
 * its data expecting 200, and `login` a demo user on brand sga (its session id).
 */
export function demoRequests(demo: { readonly app: FastifyInstance }) {
  const send = (url: string, sessionId: string) =>
    demo.app.inject({
      method: 'GET',
      url: `/services/rest/portalapi/Erp/v1/${url}`,
      headers: { sessionid: sessionId },
    });
  const get = async (url: string, sessionId: string) => {
    const res = await send(url, sessionId);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json().data;
  };
  async function login(username: string): Promise<string> {
    const guest = await demo.app.inject({
      method: 'POST',
      url: '/services/rest/portalapi/Core/v1/sessions',
      payload: { request: { company: 'sga', locale: 'it' } },
    });
    const res = await demo.app.inject({
      method: 'POST',
      url: '/services/rest/portalapi/Core/v1/user/login',
      headers: { sessionid: guest.json().data.id },
      payload: { request: { username, password: DEMO_PASSWORD } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id;
  }
  return { send, get, login };
}
