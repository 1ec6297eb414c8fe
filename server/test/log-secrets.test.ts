// Nothing secret in a log. A real app with the process's own logger walks every demo
// link (page and API), the `s` and rcrm handovers, a password reset and a login; every session id, link
// hash code and handover code it met must be absent from what the logger wrote.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { COMPANY_CODES } from '@sportello/contract';
import { buildApp, createLogger } from '../src/app.js';
import type { Database } from '@sportello/db/client';
import { jobs } from '@sportello/db/schema';
import { todayInRome } from '@sportello/domain';
import { testConfig } from './app.js';
import { DEMO_DATABASE_TIMEOUT_MS, openDemoDatabase } from './demo-app.js';

// Rome's today, as the server counts it (UTC's is a day behind from 23:00 UTC).
const today = todayInRome(new Date());
const PASSWORD = 'Sportello2026!';
const DEMO_LINKS = [
  'invoice',
  'message',
  'password',
  'workflow',
  'self-reading',
  'proposal',
  'pun',
  'expired',
];

describe('finding 4: the log after a walk through every secret-carrying URL', () => {
  let database: Database;
  let app: FastifyInstance;
  let webDir: string;
  const written: string[] = [];
  const secrets = new Set<string>();

  /** Remembers a secret seen during the walk, and returns it. */
  const seen = (secret: string) => {
    secrets.add(secret);
    return secret;
  };
  const api = async (method: 'GET' | 'POST', url: string, sessionId?: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url: `/services/rest/portalapi/${url}`,
      headers: sessionId ? { sessionid: sessionId } : {},
      ...(body ? { payload: { request: body } } : {}),
    });
    const id = res.statusCode === 200 ? (res.json().data?.id as unknown) : undefined;
    if (typeof id === 'string' && /^[A-Za-z0-9_-]{22}$/.test(id)) seen(id);
    return res;
  };
  /** Opens a web page as a browser would: the server answers the app's page. */
  const page = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
  };
  const guest = async (company: string) =>
    (await api('POST', 'Core/v1/sessions', undefined, { company })).json().data.id;
  const login = async (company: string, username: string, password = PASSWORD) => {
    const res = await api('POST', 'Core/v1/user/login', await guest(company), { username, password });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    database = await openDemoDatabase(today);
    webDir = mkdtempSync(path.join(tmpdir(), 'sportello-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Sportello</title>');
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          written.push(chunk.toString());
          done();
        },
      }),
    );
    app = await buildApp(testConfig({ WEB_DIST_DIR: webDir, LOG_LEVEL: 'info' }), database, logger);
    await app.ready();
  }, DEMO_DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('holds no session id, link hash code or handover code', async () => {
    for (const company of COMPANY_CODES) {
      const visitor = await guest(company);
      const mario = await login(company, 'mariorossi');
      for (const kind of DEMO_LINKS) {
        const hashCode = seen(`demo-${kind}-${company}`);
        await page(`/link/${hashCode}?company=${company}`);
        await api('GET', `Core/v1/links/${hashCode}`, kind === 'invoice' ? mario : visitor);
      }
      await api('GET', `Core/v1/sessions/${mario}`, mario);
    }

    // The `s` entry and the CRM's anonymous graph, each with a handover code.
    const mario = await login('sga', 'mariorossi');
    for (const entry of [
      (code: string) => `/?s=${code}`,
      (code: string) =>
        `/supplies/SUP-sga-000001/graphs/anon?rcrm=1&sessionId=${code}&supplyKey=SUP-sga-000001&customerKey=CUS-sga-000001`,
    ]) {
      const handover = await api('POST', 'Core/v1/sessions/handover', mario, {});
      expect(handover.statusCode, handover.body).toBe(200);
      const code = seen(handover.json().data.code);
      await page(entry(code));
      expect((await api('POST', 'Core/v1/sessions/handover/exchange', undefined, { code })).statusCode).toBe(
        200,
      );
    }

    // A password reset, asked and completed through the API (a new password must differ from the old).
    const newPassword = 'Reimpostata2026!';
    const resetter = await guest('sga');
    await api('POST', 'Wfm/v1/password-reset/start', resetter, { username: 'mariorossi' });
    const [mail] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'mail'))
      .orderBy(desc(jobs.id))
      .limit(1);
    const token = seen(/\/link\/([A-Za-z0-9_-]+)/.exec((mail!.payload as { text: string }).text)![1]!);
    await page(`/link/${token}?company=sga`);
    await api('GET', `Core/v1/links/${token}`, resetter);
    const reset = await api('POST', 'Wfm/v1/password-reset/complete', resetter, {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await login('sga', 'mariorossi', newPassword);

    const log = written.join('');
    expect(log).toContain('"route":"/services/rest/portalapi/Core/v1/links/:id"');
    expect(secrets.size).toBeGreaterThan(60);
    const leaked = [...secrets].filter((secret) => log.includes(secret));
    expect(leaked).toEqual([]);
  });
});
