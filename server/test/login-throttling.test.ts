// Login throttling (ADR 012) and the guest-session limit: only failures count,
// a username is never locked by failures from other addresses, X-Forwarded-For only from named proxies.
import { describe, expect, it } from 'vitest';
import { eq, isNotNull, like } from 'drizzle-orm';
import { rateLimits, sessions } from '@sportello/db/schema';
import { createRateLimiter } from '../src/platform/auth/rate-limiter.js';
import { createThrottle } from '../src/platform/auth/throttle.js';
import { localSessionChanges } from '@sportello/db/session-changes';
import { createSessionStore, hashSessionId } from '../src/platform/sessions/session-store.js';
import { guestSession, useTestApp, type TestContext } from './app.js';
import { databaseKinds } from './databases.js';
import { PASSWORD } from './fixture.js';

const LOGIN = 'portalapi/Core/v1/user/login';
const SESSIONS = 'portalapi/Core/v1/sessions';
const WRONG = 'Sbagliata1!';

function loginFrom(ctx: TestContext) {
  return async (username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/services/rest/${LOGIN}`,
      headers: { sessionid: await guestSession(ctx.app), ...headers },
      payload: { request: { username, password } },
      remoteAddress: ip,
    });
}

describe.each(databaseKinds)('login throttling on %s', (kind) => {
  const ctx = useTestApp(kind, {
    LOGIN_MAX_FAILURES_PER_USERNAME_ADDRESS: '3',
    LOGIN_SLOWDOWN_AFTER_FAILURES_PER_USERNAME: '4',
    LOGIN_SLOWDOWN_MAX_MS: '400',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '8',
  });
  const login = loginFrom(ctx);

  it('finding 2: ignores X-Forwarded-For from a client that is not a named proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await login(`nessuno${i}`, WRONG, '198.51.100.7', { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(422));
    expect(statuses.slice(8)).toEqual(Array(24).fill(429));
  });

  it('finding 3: failures from another address do not lock the customer out', async () => {
    const attacker = [];
    for (let i = 0; i < 6; i++) attacker.push((await login('luca', WRONG, '198.51.100.20')).statusCode);
    expect(attacker).toEqual([422, 422, 422, 429, 429, 429]);
    const customer = await login('luca', PASSWORD, '192.0.2.20');
    expect(customer.statusCode).toBe(200);
  });

  it('slows a username attacked from many addresses down, but lets the right password in', async () => {
    for (let i = 0; i < 6; i++) expect((await login('lead', WRONG, `198.51.101.${i}`)).statusCode).toBe(422);
    // 6 failures + this attempt = 3 past the slow-down threshold of 4: 20 ms doubled twice.
    const started = performance.now();
    const customer = await login('lead', PASSWORD, '192.0.2.21');
    expect(customer.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
  });

  it('finding 4: successes from one shared address never count', async () => {
    const ip = '192.0.2.40';
    for (let i = 0; i < 32; i++) expect((await login('mario', PASSWORD, ip)).statusCode).toBe(200);
    const failures = [];
    for (let i = 0; i < 9; i++) failures.push((await login(`nessuno-nat-${i}`, WRONG, ip)).statusCode);
    expect(failures).toEqual([...Array(8).fill(422), 429]);
  });

  it('counts concurrent guesses before checking them: none slips past the limit', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => login('franco', WRONG, '198.51.100.60')),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(422), ...Array(7).fill(429)]);
  });

  it('keeps refused attempts out of the other counters', async () => {
    for (let i = 0; i < 5; i++) await login('anna', WRONG, '198.51.100.70');
    const [row] = await ctx.db.select().from(rateLimits).where(like(rateLimits.key, 'login:user:sga:anna'));
    expect(row?.count).toBe(3);
  });
});

describe('client address behind a named proxy', () => {
  const ctx = useTestApp('pglite', { TRUST_PROXY: '10.0.0.1' });
  const login = loginFrom(ctx);

  it('believes X-Forwarded-For from the proxy TRUST_PROXY names, and only from it', async () => {
    await login('nessuno', WRONG, '10.0.0.1', { 'x-forwarded-for': '203.0.113.99' });
    await login('nessuno', WRONG, '10.0.0.2', { 'x-forwarded-for': '203.0.113.98' });
    const keys = (await ctx.db.select().from(rateLimits).where(like(rateLimits.key, 'login:ip:%'))).map(
      (r) => r.key,
    );
    expect(keys.sort()).toEqual(['login:ip:10.0.0.2', 'login:ip:203.0.113.99']);
  });
});

describe.each(databaseKinds)('guest sessions on %s', (kind) => {
  const ctx = useTestApp(kind, { GUEST_SESSIONS_PER_ADDRESS: '5' });

  it('bounds the guest sessions of an address by ending its oldest: a flood never locks out a visitor', async () => {
    const open = (ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/services/rest/${SESSIONS}`,
        payload: { request: { company: 'sga' } },
        remoteAddress: ip,
      });
    const holds = async (id: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/services/rest/${SESSIONS}/${id}`,
          headers: { sessionid: id },
        })
      ).statusCode;
    const visitor = (await open('198.51.100.80')).json().data.id as string;
    // A flood from the visitor's address (a proxy, a carrier's NAT): every request still gets a session.
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await open('198.51.100.80')).statusCode);
    expect(statuses).toEqual(Array(12).fill(200));
    // The address holds at most 5 guest sessions: the oldest, the visitor's, ended; a new one opens at once.
    expect(await ctx.db.select().from(sessions).where(isNotNull(sessions.guestAddressHash))).toHaveLength(5);
    expect(await holds(visitor)).toBe(401);
    const again = await open('198.51.100.80');
    expect(again.statusCode).toBe(200);
    expect(await holds(again.json().data.id)).toBe(200);
    // Another address is not touched, and a logged-in session is never a guest to end.
    expect((await open('198.51.100.81')).statusCode).toBe(200);
  });

  it('sweeps idle guest sessions and rate-limit windows that count nothing any more', async () => {
    const store = createSessionStore(
      ctx.db,
      { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
      { cache: { lifetimeMs: 0, maxEntries: 0 }, changes: localSessionChanges() },
    );
    const long = new Date(Date.now() - 2 * 24 * 3_600_000);
    const idle = await store.create({
      company: 'sga',
      clientSpec: null,
      userId: null,
      now: new Date(Date.now() - 31 * 60_000),
    });
    const fresh = await store.create({ company: 'sga', clientSpec: null, userId: null, now: new Date() });
    await ctx.db.insert(rateLimits).values({ key: 'login:ip:old', windowStart: long, count: 3 });
    await createThrottle(createRateLimiter(ctx.db), { slowdownMaxMs: 0 }).sweep(new Date());
    await store.deleteExpired(new Date());
    expect(await store.load(fresh.id, new Date())).not.toBeNull();
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashSessionId(idle.id))),
    ).toHaveLength(0);
    expect(await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, 'login:ip:old'))).toHaveLength(0);
  });
});
