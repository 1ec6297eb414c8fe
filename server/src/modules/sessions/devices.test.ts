// "Dispositivi e accessi" (ADR 037): a user's sessions with their devices, ending one
// or the others, the login history, and the new-device notice whose single-use link ends that login.
import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { jobs, sessionEndLinks, sessions } from '@sportello/db/schema';
import { call, guestSession, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { FIXTURE_SESSION_KEYS, PASSWORD } from '../../../test/fixture.js';
import { hashSessionId } from '../../platform/sessions/session-store.js';

const SESSIONS = 'portalapi/Core/v1/user/sessions';
const LOGINS = 'portalapi/Core/v1/user/logins';
const END_BY_LINK = 'portalapi/Core/v1/sessions/end-by-link';
const CUSTOMERS = 'portalapi/Erp/v1/customers';

const UA = {
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  linuxEdge:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
};

describe.each(databaseKinds)('devices and logins on %s', (kind) => {
  // Sessions are ended behind the cache's back by other requests of the same process: no cache, so
  // each read says what the database says (ADR 027).
  const ctx = useTestApp(kind, { SESSION_CACHE_SECONDS: '0' });
  let address = 0;

  async function login(username: string, userAgent: string, password = PASSWORD) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/services/rest/portalapi/Core/v1/user/login',
      headers: { sessionid: await guestSession(ctx.app), 'user-agent': userAgent },
      payload: { request: { username, password } },
      remoteAddress: `127.0.9.${++address}`,
    });
    return res;
  }
  const loginOk = async (username: string, userAgent: string) => {
    const res = await login(username, userAgent);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const list = async (sessionId: string) => {
    const res = await call(ctx.app, 'GET', SESSIONS, { sessionId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { key: string; current: boolean; device: { browser: string; os: string } }[];
  };
  const alive = async (sessionId: string) =>
    (await call(ctx.app, 'GET', CUSTOMERS, { sessionId })).statusCode === 200;
  const noticesTo = async (fromKey: string) =>
    (
      await ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail'), like(jobs.idempotencyKey, `${fromKey}%`)))
        .orderBy(jobs.id)
    ).map((j) => j.payload as { to: string; subject: string; text: string });

  it('lists the user’s live sessions with their devices, this one marked, and no one else’s', async () => {
    const here = await loginOk('mario', UA.windowsChrome);
    const rows = await list(here);
    const current = rows.filter((r) => r.current);
    expect(current).toHaveLength(1);
    expect(rows[0]!.current).toBe(true);
    expect(current[0]!.device).toEqual({ browser: 'Chrome', os: 'Windows', type: 'desktop' });
    const keys = rows.map((r) => r.key);
    expect(keys).toContain(FIXTURE_SESSION_KEYS.mario);
    expect(keys).not.toContain(FIXTURE_SESSION_KEYS.franco);
    expect(keys).not.toContain(FIXTURE_SESSION_KEYS.luca);
    expect(rows.find((r) => r.key === FIXTURE_SESSION_KEYS.mario)!.device).toMatchObject({ os: 'iPhone' });
    // Nothing that would let the list be used as a session.
    expect(JSON.stringify(rows)).not.toContain(here);
    expect(JSON.stringify(rows)).not.toContain(hashSessionId(here));
  });

  it('ends one of the user’s sessions: that one is logged out, this one goes on', async () => {
    const here = await loginOk('mario', UA.windowsChrome);
    const there = await loginOk('mario', UA.windowsChrome);
    const key = (await list(there)).find((r) => r.current)!.key;
    const res = await call(ctx.app, 'DELETE', `${SESSIONS}/${key}`, { sessionId: here });
    expect(res.statusCode, res.body).toBe(200);
    expect(await alive(there)).toBe(false);
    expect(await alive(here)).toBe(true);
    expect((await list(here)).map((r) => r.key)).not.toContain(key);
    // Already ended: nothing to end.
    expect((await call(ctx.app, 'DELETE', `${SESSIONS}/${key}`, { sessionId: here })).statusCode).toBe(404);
  });

  it('refuses to end another user’s session, which goes on', async () => {
    const mario = await loginOk('mario', UA.windowsChrome);
    const franco = await loginOk('franco', UA.windowsChrome);
    const francoKey = (await list(franco)).find((r) => r.current)!.key;
    const res = await call(ctx.app, 'DELETE', `${SESSIONS}/${francoKey}`, { sessionId: mario });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Non hai accesso a questi dati.');
    expect(await alive(franco)).toBe(true);
    // A delegate reaches Mario's supplies, never his sessions.
    const luca = await loginOk('luca', UA.windowsChrome);
    const marioKey = (await list(mario)).find((r) => r.current)!.key;
    expect((await call(ctx.app, 'DELETE', `${SESSIONS}/${marioKey}`, { sessionId: luca })).statusCode).toBe(
      403,
    );
    expect(await alive(mario)).toBe(true);
  });

  it('ends every other session of the user and keeps this one', async () => {
    const others = [await loginOk('anna', UA.windowsChrome), await loginOk('anna', UA.macSafari)];
    const here = await loginOk('anna', UA.androidFirefox);
    const franco = await loginOk('franco', UA.windowsChrome);
    const res = await call(ctx.app, 'DELETE', SESSIONS, { sessionId: here });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ended).toBe(2);
    for (const other of others) expect(await alive(other)).toBe(false);
    expect(await alive(here)).toBe(true);
    expect(await alive(franco)).toBe(true);
    expect((await list(here)).map((r) => r.current)).toEqual([true]);
  });

  it('lists the last logins and failed attempts, newest first, at most 20', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login('franco', UA.macSafari, 'Sbagliata1!')).statusCode).toBe(422);
    const here = await loginOk('franco', UA.androidFirefox);
    const res = await call(ctx.app, 'GET', LOGINS, { sessionId: here });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { at: string; outcome: string; device: { browser: string } }[];
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(rows.slice(0, 4).map((r) => [r.outcome, r.device.browser])).toEqual([
      ['success', 'Firefox'],
      ['wrong_password', 'Safari'],
      ['wrong_password', 'Safari'],
      ['wrong_password', 'Safari'],
    ]);
    for (let i = 0; i < 20; i++) await loginOk('franco', UA.androidFirefox);
    const many = (await call(ctx.app, 'GET', LOGINS, { sessionId: here })).json().data;
    expect(many).toHaveLength(20);
  });

  it('tells the contacts on file of a login from a new device; its link ends that login, once', async () => {
    // The first login known only sets the device; the same device again is no news.
    await loginOk('mario', UA.windowsChrome);
    await loginOk('mario', UA.windowsChrome);
    const before = await noticesTo('notice:new-login:');
    const intruder = await loginOk('mario', UA.androidFirefox);
    const notices = (await noticesTo('notice:new-login:')).slice(before.length);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.subject).toBe('Nuovo accesso al tuo account');
    expect(notice!.text).toContain('Firefox su Android');
    expect(notice!.text).toContain('Se non sei stato tu');
    expect(notice!.text).not.toContain(intruder);
    const token = /\/accesso\/termina\/([A-Za-z0-9_-]{32})/.exec(notice!.text)?.[1];
    expect(token).toBeDefined();
    // Only the token's hash is kept.
    expect(await ctx.db.select().from(sessionEndLinks).where(eq(sessionEndLinks.tokenHash, token!))).toEqual(
      [],
    );

    const guest = await guestSession(ctx.app);
    const ended = await call(ctx.app, 'POST', END_BY_LINK, { sessionId: guest, body: { token } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await alive(intruder)).toBe(false);
    const again = await call(ctx.app, 'POST', END_BY_LINK, { sessionId: guest, body: { token } });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(
      'Il link non è più valido: l’accesso è già terminato oppure il link è stato usato o è scaduto.',
    );
  });

  it('refuses an end link past its time, or malformed, with an Italian message', async () => {
    await loginOk('mario', UA.windowsChrome);
    const before = await noticesTo('notice:new-login:');
    const session = await loginOk('mario', UA.linuxEdge);
    const [notice] = (await noticesTo('notice:new-login:')).slice(before.length);
    const token = /\/accesso\/termina\/([A-Za-z0-9_-]{32})/.exec(notice!.text)![1]!;
    await ctx.db.update(sessionEndLinks).set({ expiresAt: new Date(Date.now() - 1000) });
    const guest = await guestSession(ctx.app);
    const res = await call(ctx.app, 'POST', END_BY_LINK, { sessionId: guest, body: { token } });
    expect(res.statusCode).toBe(422);
    expect(await alive(session)).toBe(true);
    const bad = await call(ctx.app, 'POST', END_BY_LINK, { sessionId: guest, body: { token: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toContain('Il link non è più valido');
    // The session row stays; its end link is gone.
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashSessionId(session))),
    ).toHaveLength(1);
  });
});
