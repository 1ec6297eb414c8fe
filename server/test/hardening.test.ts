// Hardening and the header review: database outage, graceful stop, answers Fastify and
// Node give before any route, what logs and answers tell, and the security headers.
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACT, logSerializers } from '../src/app.js';
import { openPostgres } from '@sportello/db/client';
import { call, guestSession, loginAs, testConfig, useTestApp } from './app.js';
import { databaseKinds, openTestDatabase } from './databases.js';
import { freePort } from './faults/support.js';
import { insertFixture, PASSWORD } from './fixture.js';

const ITALIAN_ENVELOPE = { success: false, message: expect.any(String), errors: expect.any(Array) };

/** Sends raw bytes to a listening app and returns the whole answer. */
async function rawRequest(port: number, text: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  socket.write(text);
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('utf8');
}

describe('finding 5: a database that is away answers 503, the maintenance page', () => {
  it('answers 503 with the maintenance envelope, not 500', async () => {
    const port = await freePort();
    const database = await openPostgres(`postgres://postgres@127.0.0.1:${port}/none`, 2, () => undefined);
    const app = await buildApp(testConfig(), database);
    try {
      const guest = await call(app, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });
      expect(guest.statusCode).toBe(503);
      expect(guest.json()).toEqual({
        success: false,
        message: 'Servizio in manutenzione, riprova più tardi.',
        errors: [],
      });
      const withSession = await call(app, 'GET', 'portalapi/Erp/v1/customers', {
        sessionId: 'abcdefghijklmnopqrstuv',
      });
      expect(withSession.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(databaseKinds)('on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('finding 6: once stopping, admitted requests finish and new ones get 503 in Italian', async () => {
    const database = await openTestDatabase(kind);
    await insertFixture(database.db);
    const app = await buildApp(testConfig(), database);
    try {
      const guest = await guestSession(app);
      const inFlight = call(app, 'POST', 'portalapi/Core/v1/user/login', {
        sessionId: guest,
        body: { username: 'mario', password: PASSWORD },
      });
      while (app.handlersRunning.count === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      const stopped = app.stopAccepting(5_000);
      const refused = await call(app, 'GET', '/readyz');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers.connection).toBe('close');
      expect(refused.json()).toMatchObject({ message: 'Servizio in manutenzione, riprova più tardi.' });
      expect((await inFlight).statusCode).toBe(200);
      await stopped;
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('finding 7: a too long path parameter answers 414 in the envelope, without echoing it', async () => {
    const long = 'x'.repeat(10_000);
    const res = await call(ctx.app, 'GET', `portalapi/Core/v1/links/${long}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ ...ITALIAN_ENVELOPE, message: 'La richiesta è troppo grande.' });
    expect(res.body).not.toContain('xxxx');
  });

  it('finding 7: a malformed URL answers 400 in the envelope, without echoing it', async () => {
    const res = await call(ctx.app, 'GET', '/services/rest/portalapi/Core/v1/links/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(ITALIAN_ENVELOPE);
    expect(res.body).not.toContain('%E0');
  });

  it('finding 8: private answers are never cached', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: mario });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers');
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it("finding 8: a guest link answer names the target, not the customer's internal id", async () => {
    const guest = await guestSession(ctx.app);
    const asGuest = await call(ctx.app, 'GET', 'portalapi/Core/v1/links/msg-mario', { sessionId: guest });
    expect(asGuest.statusCode).toBe(200);
    expect(asGuest.json().data).toMatchObject({ entityKey: 'MSG-1', customerId: null });
    const mario = await loginAs(ctx.app, 'mario');
    const asUser = await call(ctx.app, 'GET', 'portalapi/Core/v1/links/msg-mario', { sessionId: mario });
    expect(asUser.json().data.customerId).toEqual(expect.any(String));
  });
});

describe('finding 7: headers larger than 16 kB', () => {
  it('answer 431 in the Italian envelope', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp(testConfig(), database);
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const answer = await rawRequest(
        port,
        `GET /services/rest/portalapi/Core/v1/modules HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
      );
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(body)).toEqual({
        success: false,
        message: 'La richiesta è troppo grande.',
        errors: [],
      });
      const malformed = await rawRequest(port, 'GET /\u0000 HTTP/1.1\r\n\r\n');
      expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
      expect(malformed).toContain('"success":false');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('finding 8 and the header review: what the logs keep', () => {
  it('logs a failed query without its parameters and a request without its session id', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ level: 'info', redact: LOG_REDACT, serializers: logSerializers }, sink);
    const database = await openTestDatabase('pglite');
    const app = await buildApp(testConfig(), database, logger);
    app.get('/services/rest/test/failing-query', async () =>
      database.db.execute(sql`select ${'argon2id-secret-hash'}::int`),
    );
    try {
      const sessionId = 'SECRETsessionIDvalue12';
      const res = await app.inject({
        method: 'GET',
        url: '/services/rest/test/failing-query',
        headers: { sessionid: sessionId },
      });
      expect(res.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('database query failed');
      expect(log).toContain('select $1::int');
      expect(log).not.toContain('argon2id-secret-hash');
      expect(log).not.toContain(sessionId);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('header review', () => {
  const ctx = useTestApp('pglite', { TRUST_PROXY: '127.0.0.1' });

  it('sends Referrer-Policy and Permissions-Policy (the CSP with a page: web.test.ts)', async () => {
    const res = await call(ctx.app, 'GET', '/healthz');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when the trusted proxy says the request came over https', async () => {
    const plain = await call(ctx.app, 'GET', '/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const untrusted = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '198.51.100.1',
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});
