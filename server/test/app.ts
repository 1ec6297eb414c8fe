// Builds the app on a fresh test database with the fixture, and small helpers to call it.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openTestDatabase, type DatabaseKind } from './databases.js';
import { insertFixture, PASSWORD, type Fixture } from './fixture.js';

export interface TestContext {
  app: FastifyInstance;
  fixture: Fixture;
  db: Awaited<ReturnType<typeof openTestDatabase>>['db'];
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // Every test's guest session comes from inject's one address; the limit has tests of its own.
  // The job worker stays off: tests run jobs themselves (worker.runOnce) to control time.
  return loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '',
    LOG_LEVEL: 'silent',
    GUEST_SESSIONS_PER_ADDRESS: '1000000',
    // The generated suites make hundreds of calls with one token; the limit has a test of its own.
    PERSONAL_TOKEN_REQUESTS_PER_HOUR: '1000000',
    JOBS_POLL_MS: '0',
    // The webhook tests' receivers are local servers on 127.0.0.1; the refusal has tests of its own
    // (and production refuses the flag, so production-mode apps go without it).
    ...(overrides.NODE_ENV === 'production' ? {} : { WEBHOOKS_ALLOW_LOOPBACK: 'true' }),
    ...overrides,
  });
}

/** Registers before/after hooks and returns a context filled once the app is ready. */
export function useTestApp(kind: DatabaseKind, env: Record<string, string> = {}): TestContext {
  const ctx = {} as TestContext;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    drop = database.drop;
    ctx.db = database.db;
    ctx.fixture = await insertFixture(database.db);
    ctx.app = await buildApp(testConfig(env), database);
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await drop();
  });
  return ctx;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { sessionId?: string; body?: unknown; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: url.startsWith('/') ? url : `/services/rest/${url}`,
    headers: options.sessionId ? { sessionid: options.sessionId } : {},
    ...(options.body !== undefined ? { payload: { request: options.body } } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

export async function guestSession(app: FastifyInstance, company = 'sga'): Promise<string> {
  const res = await call(app, 'POST', 'portalapi/Core/v1/sessions', { body: { company, locale: 'it' } });
  if (res.statusCode !== 200) throw new Error(`guest session failed: ${res.body}`);
  return res.json().data.id;
}

let addressCounter = 0;
/** Logs in from a fresh client address, so rate limits of one test do not leak into another. */
export async function loginAs(app: FastifyInstance, username: string, company = 'sga'): Promise<string> {
  const guest = await guestSession(app, company);
  const res = await call(app, 'POST', 'portalapi/Core/v1/user/login', {
    sessionId: guest,
    body: { username, password: PASSWORD },
    ip: `127.0.1.${++addressCounter % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.body}`);
  return res.json().data.id;
}
