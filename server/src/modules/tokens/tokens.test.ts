// Personal read-only tokens (ADR 037): created with a name and an expiry, shown once,
// kept hashed, listed, revoked; a token reads its own supplies' consumption, readings, bills and prices
// and nothing else: no other call, no other customer, nothing after revocation or expiry, and no more
// than its hourly limit. Creating one needs a step-up and is told to the contacts on file; every token
// of the user ends with a password change, a reset and "end all sessions".
import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { addDays, todayInRome } from '@sportello/domain';
import { jobs, personalTokens } from '@sportello/db/schema';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { FIXTURE_PERSONAL_TOKENS, PASSWORD } from '../../../test/fixture.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { hashPersonalToken } from '../../platform/tokens/personal-token-store.js';

const TOKENS = 'portalapi/Core/v1/user/tokens';
const P = '/services/rest/personal/v1';
const CONSUMPTION = `${P}/consumptions?supplyKey=SUP-1&from=2025-10-01&to=2025-11-01&granularity=month`;

describe.each(databaseKinds)('personal tokens on %s', (kind) => {
  const ctx = useSupplyTestApp(kind, { PERSONAL_TOKEN_REQUESTS_PER_HOUR: '5' });

  const withToken = (token: string, url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  const today = () => todayInRome(new Date());

  /** The token refusals in the user's security trail (Dispositivi e accessi), newest first. */
  const refusals = async (sessionId: string) =>
    (
      (await call(ctx.app, 'GET', 'portalapi/Core/v1/user/security-events', { sessionId })).json().data as {
        kind: string;
        detail: string | null;
      }[]
    )
      .filter((e) => e.kind === 'token_refused')
      .map((e) => e.detail);

  async function create(sessionId: string, name: string, expiresOn = addDays(today(), 30)) {
    const res = await call(ctx.app, 'POST', TOKENS, { sessionId, body: { name, expiresOn } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { token: string; details: { key: string; name: string } };
  }

  it('is created with a name and an expiry, shown once, kept hashed and listed without the token', async () => {
    const mario = await loginSteppedUp(ctx, 'mario');
    const { token, details } = await create(mario, 'Home Assistant');
    expect(token).toMatch(/^spt_[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.db.select().from(personalTokens).where(eq(personalTokens.key, details.key));
    expect(row!.tokenHash).toBe(hashPersonalToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await call(ctx.app, 'GET', TOKENS, { sessionId: mario });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((t: { key: string }) => t.key === details.key);
    expect(listed).toMatchObject({ name: 'Home Assistant', lastUsedAt: null, expired: false });
    expect(list.body).not.toContain(token);
    // Used once: its last use is listed.
    expect((await withToken(token, CONSUMPTION)).statusCode).toBe(200);
    const after = (await call(ctx.app, 'GET', TOKENS, { sessionId: mario })).json().data;
    expect(after.find((t: { key: string }) => t.key === details.key).lastUsedAt).not.toBeNull();
  });

  it('refuses an expiry in the past, today or beyond a year, and a missing name, in Italian', async () => {
    const mario = await loginSteppedUp(ctx, 'mario');
    for (const expiresOn of [addDays(today(), -1), today(), addDays(today(), 366)]) {
      const res = await call(ctx.app, 'POST', TOKENS, { sessionId: mario, body: { name: 'X', expiresOn } });
      expect(res.statusCode, expiresOn).toBe(422);
      expect(res.json().message).toBe('La scadenza deve essere tra domani e un anno da oggi.');
    }
    const res = await call(ctx.app, 'POST', TOKENS, {
      sessionId: mario,
      body: { name: '  ', expiresOn: addDays(today(), 365) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'name', message: 'Informazione obbligatoria' });
  });

  /** A token of its own for a test: the hourly limit here is 5 requests. */
  const fresh = async (username: string) =>
    (await create(await loginSteppedUp(ctx, username), `Prova di ${username}`)).token;

  it('reads its own consumption, readings, bills, supplies and prices', async () => {
    const token = await fresh('mario');
    for (const url of [
      CONSUMPTION,
      `${P}/readings?supplyKey=SUP-1`,
      `${P}/invoices`,
      `${P}/supplies`,
      `${P}/prices?quotationType=PUN&detailLevel=Hour&startDate=2025-10-01&endDate=2025-10-02`,
    ]) {
      const res = await withToken(token, url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.json().success).toBe(true);
    }
    const supplies = (await withToken(await fresh('mario'), `${P}/supplies`)).json().data.supplies as {
      key: string;
    }[];
    expect(supplies.map((s) => s.key)).toContain('SUP-1');
    expect(supplies.map((s) => s.key)).not.toContain('SUP-4');
  });

  it('reaches nothing of another customer, nor what its user reaches by delegation', async () => {
    const mario = await fresh('mario');
    const stranger = await withToken(mario, CONSUMPTION.replace('SUP-1', 'SUP-4'));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('Non hai accesso a questi dati.');
    expect((await withToken(mario, `${P}/readings?supplyKey=SUP-4`)).statusCode).toBe(403);
    expect((await withToken(mario, `${P}/invoices?contractId=CTR-3`)).statusCode).toBe(403);
    // Luca reaches Mario's SUP-1 by delegation with a session, never with his token.
    const luca = await fresh('luca');
    expect((await withToken(luca, CONSUMPTION)).statusCode).toBe(403);
    expect((await withToken(luca, `${P}/supplies`)).json().data.supplies).toEqual([]);
  });

  it('opens no other call, and a session opens no token call', async () => {
    const token = FIXTURE_PERSONAL_TOKENS.franco;
    for (const [method, url] of [
      ['GET', '/services/rest/portalapi/Erp/v1/customers'],
      [
        'GET',
        '/services/rest/portalapi/Erp/v1/consumptions?supplyKey=SUP-4&from=2025-10-01&to=2025-11-01&granularity=month',
      ],
      ['GET', `/services/rest/${TOKENS}`],
      ['DELETE', '/services/rest/portalapi/Core/v1/user/logout'],
    ] as const) {
      const res = await withToken(token, url, method);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(
        'Il token personale permette solo di leggere consumi, letture, bollette e prezzi.',
      );
    }
    // Each refusal is in Franco's trail, once a minute however often the tool asks.
    const franco = await loginAs(ctx.app, 'franco');
    expect(await refusals(franco)).toEqual([
      '«Casa di franco»: richiesta non permessa a un token di sola lettura',
    ]);
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', CONSUMPTION, { sessionId: mario });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Questa chiamata richiede un token personale (Authorization: Bearer …).');
  });

  it('reaches nothing once revoked, or once expired, or when it is not one', async () => {
    const mario = await loginSteppedUp(ctx, 'mario');
    const revoked = await create(mario, 'Da revocare');
    expect((await withToken(revoked.token, CONSUMPTION)).statusCode).toBe(200);
    const res = await call(ctx.app, 'DELETE', `${TOKENS}/${revoked.details.key}`, { sessionId: mario });
    expect(res.statusCode, res.body).toBe(200);
    // Three at once, as a tool retrying does: each refused, and the burst is one row in the trail.
    for (const after of await Promise.all([1, 2, 3].map(() => withToken(revoked.token, CONSUMPTION)))) {
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Token personale non valido, revocato o scaduto.');
    }
    expect((await call(ctx.app, 'GET', TOKENS, { sessionId: mario })).body).not.toContain(
      revoked.details.key,
    );

    const expiring = await create(mario, 'In scadenza');
    await ctx.db
      .update(personalTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personalTokens.key, expiring.details.key));
    expect((await withToken(expiring.token, CONSUMPTION)).statusCode).toBe(401);

    for (const bad of [`spt_${'x'.repeat(43)}`, 'qualcosa', '']) {
      expect((await withToken(bad, CONSUMPTION)).statusCode, bad).toBe(401);
    }
    // The revoked and the expired token's uses are in Mario's trail, newest first; a token nobody holds,
    // in nobody's.
    expect((await refusals(mario)).filter((detail) => /In scadenza|Da revocare/.test(detail!))).toEqual([
      '«In scadenza»: token scaduto',
      '«Da revocare»: token revocato',
    ]);
  });

  it("refuses to revoke another user's token, which goes on working", async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const franco = await loginSteppedUp(ctx, 'franco');
    const theirs = await create(franco, 'Di Franco');
    const res = await call(ctx.app, 'DELETE', `${TOKENS}/${theirs.details.key}`, { sessionId: mario });
    expect(res.statusCode).toBe(403);
    const list = (await call(ctx.app, 'GET', TOKENS, { sessionId: mario })).body;
    expect(list).not.toContain(theirs.details.key);
    expect((await withToken(theirs.token, `${P}/supplies`)).statusCode).toBe(200);
  });

  it('is rate limited per token: over the hourly limit, 429 in Italian; another token is not', async () => {
    const anna = await loginSteppedUp(ctx, 'anna');
    const { token } = await create(anna, 'Limite');
    for (let i = 0; i < 5; i++) expect((await withToken(token, `${P}/supplies`)).statusCode).toBe(200);
    const over = await withToken(token, `${P}/supplies`);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Troppe richieste con questo token: riprova tra qualche minuto.');
    expect(await refusals(anna)).toEqual(['«Limite»: troppe richieste in un’ora']);
    const other = await create(anna, 'Altro');
    expect((await withToken(other.token, `${P}/supplies`)).statusCode).toBe(200);
  });
  it('asks a step-up before creating a token, then tells the contacts on file', async () => {
    // A stolen session: logged in, no step-up.
    const stolen = await loginAs(ctx.app, 'mario');
    const refused = await call(ctx.app, 'POST', TOKENS, {
      sessionId: stolen,
      body: { name: 'Del ladro', expiresOn: addDays(today(), 365) },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('step_up_required');
    expect((await call(ctx.app, 'GET', TOKENS, { sessionId: stolen })).body).not.toContain('Del ladro');

    const mario = await loginSteppedUp(ctx, 'mario');
    const { details } = await create(mario, 'Home Assistant di casa');
    const [notice] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `notice:token-created:${details.key}:mail`));
    const mail = notice!.payload as { to: string; subject: string; text: string };
    expect(mail.to).toBe('cus-mario@example.it');
    expect(mail.subject).toBe('Nuovo token personale creato');
    expect(mail.text).toContain('«Home Assistant di casa»');
    expect(mail.text).not.toContain('spt_');
    const events = (
      await call(ctx.app, 'GET', 'portalapi/Core/v1/user/security-events', { sessionId: mario })
    ).json().data as { kind: string; detail: string | null }[];
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'token_created', detail: 'Home Assistant di casa' }),
    );
  });

  describe('ends every token of the user', () => {
    /** Two live tokens of the user's; answers them, each reading its supplies. */
    async function twoTokens(sessionId: string) {
      const tokens = [(await create(sessionId, 'Primo')).token, (await create(sessionId, 'Secondo')).token];
      for (const token of tokens) expect((await withToken(token, `${P}/supplies`)).statusCode).toBe(200);
      return tokens;
    }
    async function expectEnded(tokens: string[]) {
      for (const token of tokens) {
        const res = await withToken(token, `${P}/supplies`);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Token personale non valido, revocato o scaduto.');
      }
    }

    it('with "end all sessions"', async () => {
      const anna = await loginSteppedUp(ctx, 'anna');
      const tokens = await twoTokens(anna);
      const res = await call(ctx.app, 'DELETE', 'portalapi/Core/v1/user/sessions', { sessionId: anna });
      expect(res.statusCode, res.body).toBe(200);
      await expectEnded(tokens);
      expect((await call(ctx.app, 'GET', TOKENS, { sessionId: anna })).json().data).toEqual([]);
    });

    it('with a password change', async () => {
      const franco = await loginSteppedUp(ctx, 'franco');
      const tokens = await twoTokens(franco);
      const res = await call(ctx.app, 'PUT', 'portalapi/Core/v1/users', {
        sessionId: franco,
        body: { currentPassword: PASSWORD, password: 'NuovaPass1!' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await expectEnded(tokens);
    });

    it('with a password reset', async () => {
      const tokens = await twoTokens(await loginSteppedUp(ctx, 'mario'));
      const guest = await guestSession(ctx.app);
      const started = await call(ctx.app, 'POST', 'portalapi/Wfm/v1/password-reset/start', {
        sessionId: guest,
        body: { username: 'mario' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const [mail] = await ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail'), like(jobs.idempotencyKey, 'mail:password-reset:%')));
      const link = /\/link\/([A-Za-z0-9_-]+)/.exec((mail!.payload as { text: string }).text)![1]!;
      const done = await call(ctx.app, 'POST', 'portalapi/Wfm/v1/password-reset/complete', {
        sessionId: guest,
        body: { token: link, password: 'NuovaPass1!', confirmPassword: 'NuovaPass1!' },
      });
      expect(done.statusCode, done.body).toBe(200);
      await expectEnded(tokens);
    });
  });
});
