// Sessions and login: guest creation, every login refusal, rotation, expiry and logout.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '@sportello/db/schema';
import { hashSessionId } from '../../platform/sessions/session-store.js';
import { call, guestSession, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { PASSWORD } from '../../../test/fixture.js';

const LOGIN = 'portalapi/Core/v1/user/login';

describe.each(databaseKinds)('sessions and login on %s', (kind) => {
  // These tests age sessions in the database behind the server's back; the in-process cache would
  // serve its copy for its few seconds (ADR 027), so the rules are tested here on every read.
  const ctx = useTestApp(kind, {
    LOGIN_MAX_FAILURES_PER_USERNAME_ADDRESS: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '6',
    SESSION_CACHE_SECONDS: '0',
  });
  let ipCounter = 0;
  const login = async (username: string, password: string, ip = `127.0.2.${++ipCounter}`) =>
    call(ctx.app, 'POST', LOGIN, {
      sessionId: await guestSession(ctx.app),
      body: { username, password },
      ip,
    });

  it('opens a guest session for a known brand', async () => {
    const res = await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions', {
      body: { company: 'sga', locale: 'it', clientSpec: { version: '0.6.3', type: 'web' } },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data).toMatchObject({ company: 'sga', roles: ['guest'], user: null });
  });

  it('refuses an unknown brand with an Italian message', async () => {
    const res = await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'xyz' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('dati') });
  });

  it('refuses a brand that has no data with 400', async () => {
    const res = await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'ast' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Marchio non riconosciuto.');
  });

  it('stores only the hash of the session id', async () => {
    const id = await guestSession(ctx.app);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.idHash, id));
    expect(rows).toHaveLength(0);
    const hashed = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSessionId(id)));
    expect(hashed).toHaveLength(1);
  });

  it.each([
    ['wrong password', 'mario', 'Sbagliata1!', 'Nome utente o password non corretti'],
    ['unknown user', 'nessuno', PASSWORD, 'Nome utente o password non corretti'],
    ['inactive user', 'inattivo', PASSWORD, "L'utente non è attivo"],
    ['user type that may not log in', 'operatore', PASSWORD, 'tipo di utente'],
  ])('refuses login: %s', async (_case, username, password, message) => {
    const res = await login(username, password);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(message) });
  });

  it('lets a Lead log in', async () => {
    const res = await login('lead', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.type).toBe('Lead');
  });

  it('does not let a user of one brand log in on another brand', async () => {
    const guest = await guestSession(ctx.app, 'mes');
    const res = await call(ctx.app, 'POST', LOGIN, {
      sessionId: guest,
      body: { username: 'luca', password: PASSWORD },
      ip: '127.0.3.1',
    });
    expect(res.statusCode).toBe(422);
  });

  it('rotates the session id at login: the guest id stops working', async () => {
    const guest = await guestSession(ctx.app);
    const res = await call(ctx.app, 'POST', LOGIN, {
      sessionId: guest,
      body: { username: 'mario', password: PASSWORD },
      ip: '127.0.3.2',
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.id).not.toBe(guest);
    expect(data.user).toMatchObject({ username: 'mario', type: 'Customer', status: 'Active' });
    const old = await call(ctx.app, 'GET', `portalapi/Core/v1/sessions/${guest}`, { sessionId: guest });
    expect(old.statusCode).toBe(401);
    const fresh = await call(ctx.app, 'GET', `portalapi/Core/v1/sessions/${data.id}`, { sessionId: data.id });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.user.username).toBe('mario');
  });

  // A list and a read by id: both must refuse a session past its time, and forget it.
  describe.each([
    ['a list', 'portalapi/Erp/v1/customers'],
    ['a read by id', 'portalapi/Core/v1/users/USR-mario'],
  ])('%s', (_kind, path) => {
    const sessionRow = (id: string) =>
      ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashSessionId(id)));
    const age = (id: string, values: Partial<typeof sessions.$inferInsert>) =>
      ctx.db
        .update(sessions)
        .set(values)
        .where(eq(sessions.idHash, hashSessionId(id)));

    it('answers 401 once the session has been idle too long, and deletes it', async () => {
      const id = await loginAs(ctx.app, 'mario');
      expect((await call(ctx.app, 'GET', path, { sessionId: id })).statusCode).toBe(200);
      await age(id, { lastSeenAt: new Date(Date.now() - 31 * 60_000) });
      const res = await call(ctx.app, 'GET', path, { sessionId: id });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Sessione non valida: ricarica la pagina.');
      expect(await sessionRow(id)).toHaveLength(0);
    });

    it('answers 401 past the absolute lifetime even when in use', async () => {
      const id = await loginAs(ctx.app, 'mario');
      await age(id, { expiresAt: new Date(Date.now() - 1000) });
      expect((await call(ctx.app, 'GET', path, { sessionId: id })).statusCode).toBe(401);
    });

    it('keeps a session in use alive: its last use is written at most once a minute', async () => {
      const id = await loginAs(ctx.app, 'mario');
      const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
      await age(id, { lastSeenAt: twoMinutesAgo });
      expect((await call(ctx.app, 'GET', path, { sessionId: id })).statusCode).toBe(200);
      const [touched] = await sessionRow(id);
      expect(touched!.lastSeenAt.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
    });

    it('answers 401 to an unknown, a malformed and a missing session id, and to a guest', async () => {
      for (const sessionId of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-session', undefined]) {
        const res = await call(ctx.app, 'GET', path, sessionId ? { sessionId } : {});
        expect(res.statusCode).toBe(401);
      }
      const guest = await call(ctx.app, 'GET', path, { sessionId: await guestSession(ctx.app) });
      expect(guest.statusCode).toBe(401);
      expect(guest.json().message).toBeTruthy();
    });
  });

  it('logout deletes the session', async () => {
    const id = await loginAs(ctx.app, 'mario');
    const out = await call(ctx.app, 'DELETE', 'portalapi/Core/v1/user/logout', { sessionId: id });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, data: { loggedOut: true } });
    const after = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: id });
    expect(after.statusCode).toBe(401);
    const rows = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSessionId(id)));
    expect(rows).toHaveLength(0);
  });

  it('rate-limits login per username and address with 429 and an Italian message', async () => {
    const ip = '127.0.4.9';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login('luca', 'Sbagliata1!', ip)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429]);
    const blocked = await login('luca', PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Troppi tentativi. Riprova tra qualche minuto.');
  });

  it('rate-limits login failures per client address across usernames', async () => {
    const ip = '127.0.4.1';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(`nessuno${i}`, 'Sbagliata1!', ip)).statusCode);
    expect(statuses.slice(0, 6).every((s) => s === 422)).toBe(true);
    expect(statuses[6]).toBe(429);
  });

  it('answers a malformed login with 400 and the field', async () => {
    const res = await call(ctx.app, 'POST', LOGIN, {
      sessionId: await guestSession(ctx.app),
      body: { username: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field?: string }) => e.field)).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
  });
});
