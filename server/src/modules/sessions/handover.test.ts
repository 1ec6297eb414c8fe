// ADR 023: a URL carries a single-use, two-minute handover code, exchanged for a NEW session of the
// same user; and a session in steady use never dies idle (the clock is injected: only Date is faked).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionHandovers } from '@sportello/db/schema';
import { call, guestSession, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { PASSWORD } from '../../../test/fixture.js';
import { hashSessionId } from '../../platform/sessions/session-store.js';

const HANDOVER = 'portalapi/Core/v1/sessions/handover';
const EXCHANGE = 'portalapi/Core/v1/sessions/handover/exchange';
const CUSTOMERS = 'portalapi/Erp/v1/customers';

describe.each(databaseKinds)('session handover on %s', (kind) => {
  const ctx = useTestApp(kind, { SESSION_IDLE_MINUTES: '1' });
  afterEach(() => vi.useRealTimers());

  const handover = async (sessionId: string) => {
    const res = await call(ctx.app, 'POST', HANDOVER, { sessionId, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.code as string;
  };
  const exchange = (code: string) => call(ctx.app, 'POST', EXCHANGE, { body: { code } });

  it('exchanges a code once for a new session of the same user; the asking session goes on', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const code = await handover(mario);
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const first = await exchange(code);
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json().data;
    expect(session.user.username).toBe('mario');
    expect(session.id).not.toBe(mario);
    expect((await call(ctx.app, 'GET', CUSTOMERS, { sessionId: session.id })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', CUSTOMERS, { sessionId: mario })).statusCode).toBe(200);

    const again = await exchange(code);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Il link di accesso non è più valido: accedi con le tue credenziali.');
  });

  it('gives the new session the end of the asking one: handing over again and again never renews a login', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const login = await call(ctx.app, 'POST', 'portalapi/Core/v1/user/login', {
      sessionId: await guestSession(ctx.app),
      body: { username: 'mario', password: PASSWORD },
    });
    const first = login.json().data as { id: string; expiresAt: string };
    let current = first.id;
    for (let hop = 1; hop <= 3; hop++) {
      vi.setSystemTime(Date.now() + 30_000);
      const res = await exchange(await handover(current));
      expect(res.statusCode, res.body).toBe(200);
      const next = res.json().data as { id: string; expiresAt: string };
      expect(next.expiresAt, `hop ${hop}`).toBe(first.expiresAt);
      current = next.id;
    }
  });

  it('stores only the hash of the code', async () => {
    const code = await handover(await loginAs(ctx.app, 'mario'));
    const byCode = await ctx.db.select().from(sessionHandovers).where(eq(sessionHandovers.codeHash, code));
    expect(byCode).toHaveLength(0);
    const byHash = await ctx.db
      .select()
      .from(sessionHandovers)
      .where(eq(sessionHandovers.codeHash, hashSessionId(code)));
    expect(byHash).toHaveLength(1);
  });

  it('refuses a code after two minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const code = await handover(await loginAs(ctx.app, 'mario'));
    vi.setSystemTime(Date.now() + 2 * 60_000 + 1);
    expect((await exchange(code)).statusCode).toBe(422);
  });

  it('refuses a code whose session has ended, and never takes a session id for a code', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const code = await handover(mario);
    await call(ctx.app, 'DELETE', 'portalapi/Core/v1/user/logout', { sessionId: mario });
    expect((await exchange(code)).statusCode).toBe(422);
    expect((await exchange(await loginAs(ctx.app, 'mario'))).statusCode).toBe(422);
  });

  it('gives no code to a guest, an expired or a missing session', async () => {
    expect(
      (await call(ctx.app, 'POST', HANDOVER, { sessionId: await guestSession(ctx.app), body: {} }))
        .statusCode,
    ).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const mario = await loginAs(ctx.app, 'mario');
    vi.setSystemTime(Date.now() + 61_000);
    expect((await call(ctx.app, 'POST', HANDOVER, { sessionId: mario, body: {} })).statusCode).toBe(401);
    expect((await call(ctx.app, 'POST', HANDOVER, { body: {} })).statusCode).toBe(401);
  });

  it('keeps a session used every 20 seconds alive with SESSION_IDLE_MINUTES=1', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const mario = await loginAs(ctx.app, 'mario');
    for (let second = 20; second <= 300; second += 20) {
      vi.setSystemTime(Date.now() + 20_000);
      const res = await call(ctx.app, 'GET', CUSTOMERS, { sessionId: mario });
      expect(res.statusCode, `after ${second} s`).toBe(200);
    }
    vi.setSystemTime(Date.now() + 61_000);
    expect((await call(ctx.app, 'GET', CUSTOMERS, { sessionId: mario })).statusCode).toBe(401);
  });
});
