// The app on a PGlite database holding the demo world (the README's accounts), for suites that check
// what a demo customer sees, and the one way those suites log in and call the API. The world is
// seeded once per test run and day (the first suite to need it seeds it, made-once.ts); each suite
// gets a copy of its own, so what one writes never reaches another.
import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { openPglite, type Database, type Db } from '@sportello/db/client';
import { todayInRome } from '@sportello/domain';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openTestDatabase, type DatabaseKind } from './databases.js';
import { madeOnce } from './made-once.js';

const REST = '/services/rest/portalapi';
/** Every demo account's password (README). */
const DEMO_PASSWORD = 'Sportello2026!';
/** A hook's time to open the demo database: waiting for another suite's seed takes minutes on a busy machine. */
export const DEMO_DATABASE_TIMEOUT_MS = 12 * 60_000;

/**
 * A database of its own holding the demo world seeded (seed 1) for `today`. The seeded PGlite world is
 * made once per run and `today`: a run crossing midnight seeds a second one. On PostgreSQL (for the
 * few suites whose queries must be tried there too) the world is seeded into the new database.
 */
export async function openDemoDatabase(
  today: string,
  kind: DatabaseKind = 'pglite',
): Promise<Database & { drop(): Promise<void> }> {
  if (kind === 'postgres') {
    const database = await openTestDatabase('postgres');
    const { seedDemoData } = await import('@sportello/demo');
    await seedDemoData(database.db, { seed: 1, today });
    return database;
  }
  const template = await madeOnce(`demo-seed1-${today}.tar`, async (path) => {
    const database = await openTestDatabase('pglite');
    try {
      const { seedDemoData } = await import('@sportello/demo');
      await seedDemoData(database.db, { seed: 1, today });
      // Written out to the data files, so each copy opens without replaying the seed's log.
      await database.db.execute(sql`checkpoint`);
      await writeFile(path, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    } finally {
      await database.drop();
    }
  });
  const database = await openPglite(undefined, new Blob([await readFile(template)]));
  return { ...database, drop: () => database.close() };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Copies the demo world before the suite and closes it after. `app` and `db` are read inside tests;
 * the helpers call the API as a demo customer's browser does.
 */
export function useDemoApp(kind: DatabaseKind = 'pglite') {
  // Taken when the suite is declared, as the suites' own figures are.
  const today = todayInRome(new Date());
  const opened = {} as { app: FastifyInstance; db: Db };
  let database: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await openDemoDatabase(today, kind);
    opened.db = database.db;
    opened.app = await buildApp(
      loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '', LOG_LEVEL: 'silent', JOBS_POLL_MS: '0' }),
      database,
    );
  }, DEMO_DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await opened.app?.close();
    await database?.drop();
  });

  /** Calls `url` (under portalapi/) with the session, when there is one, and `body` as the request. */
  const send = (method: Method, url: string, sessionId?: string, body?: unknown) =>
    opened.app.inject({
      method,
      url: `${REST}/${url}`,
      headers: sessionId ? { sessionid: sessionId } : {},
      ...(body !== undefined ? { payload: { request: body } } : {}),
    });
  /** GETs `url` (under portalapi/), expects 200 and returns the answer's data. */
  const data = async (url: string, sessionId: string) => {
    const res = await send('GET', url, sessionId);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json().data;
  };
  /** A guest session on `brand`. */
  const guest = async (brand = 'sga') => {
    const res = await send('POST', 'Core/v1/sessions', undefined, { company: brand, locale: 'it' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  /** Logs a demo user in on sga, where they must have an account: their session id. */
  function logIn(username: string): Promise<string>;
  /**
   * Logs a demo user in on `brand`: their session id, or null when they have no account there.
   * Any other refusal fails the test.
   */
  function logIn(username: string, brand: string): Promise<string | null>;
  async function logIn(username: string, brand?: string) {
    const res = await send('POST', 'Core/v1/user/login', await guest(brand), {
      username,
      password: DEMO_PASSWORD,
    });
    const noAccount = res.statusCode === 422 && res.json().message === MESSAGES.wrong_credentials;
    if (brand && noAccount) return null;
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  }

  return {
    get app() {
      return opened.app;
    },
    get db() {
      return opened.db;
    },
    /** Rome's today (the server's), the day the demo world was seeded for. */
    today,
    guest,
    logIn,
    data,
    send,
  };
}
