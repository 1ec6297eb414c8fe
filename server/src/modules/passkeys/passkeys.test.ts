// Passkeys and step-up (ADR 038): adding, listing, removing; login with a passkey as a password login
// does; ceremonies replayed, late, from another origin or another session refused and written to the
// user's security events; step-up required by the calls marked `stepUp`, passed by a passkey or by a
// code to the contact on file, codes single use and expiring.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { jobs, loginHistory, rateLimits, sessions, webauthnChallenges } from '@sportello/db/schema';
import { call, guestSession, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { FIXTURE_PASSKEY_KEYS } from '../../../test/fixture.js';
import { addPasskey, stepUpWithCode, TEST_ORIGIN, TEST_RP_ID } from '../../../test/step-up.js';
import { createAuthenticator } from '../../../test/webauthn-authenticator.js';
import { hashSessionId } from '../../platform/sessions/session-store.js';

const CORE = 'portalapi/Core/v1';
const PASSKEYS = `${CORE}/user/passkeys`;
const LOGIN_OPTIONS = `${CORE}/sessions/passkey/options`;
const LOGIN = `${CORE}/sessions/passkey`;
const STEP_UP = `${CORE}/user/step-up`;
const EVENTS = `${CORE}/user/security-events`;
const BANK = 'portalapi/Erp/v1/requests/bankAccountChange';
const IBAN_CHANGE = {
  contractKey: 'CTR-1',
  operation: 'activate',
  iban: 'IT60X0542811101000000123456',
  holderName: 'Mario Rossi',
  holderFiscalCode: 'RSSMRA80A01H501U',
};

describe.each(databaseKinds)('passkeys on %s', (kind) => {
  const ctx = useTestApp(kind);
  beforeEach(async () => {
    await ctx.db.delete(rateLimits);
  });

  const post = (url: string, sessionId: string, body?: unknown) =>
    call(ctx.app, 'POST', url, { sessionId, body: body ?? {} });
  const events = async (sessionId: string) =>
    (await call(ctx.app, 'GET', EVENTS, { sessionId })).json().data as { kind: string; detail: string }[];
  const expectRefused = (
    res: Awaited<ReturnType<typeof call>>,
    status: number,
    code: keyof typeof MESSAGES,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(MESSAGES[code]);
  };

  async function passkeyLogin(authenticator: ReturnType<typeof createAuthenticator>, origin?: string) {
    const guest = await guestSession(ctx.app);
    const options = (await post(LOGIN_OPTIONS, guest)).json().data;
    return {
      guest,
      res: await post(LOGIN, guest, { credential: authenticator.assert(options, undefined, origin) }),
    };
  }

  it('adds a passkey, lists it, logs in with it as a password login does, and removes it', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const authenticator = await addPasskey(ctx, mario);
    // Beside the fixture's passkey of Mario's (FIXTURE_PASSKEY_KEYS), newest first.
    const list = (await call(ctx.app, 'GET', PASSKEYS, { sessionId: mario })).json().data;
    expect(list).toHaveLength(2);
    const added = list[0];
    expect(added).toMatchObject({ key: expect.stringMatching(/^PSK-/), lastUsedAt: null });
    expect(added.key).not.toBe(FIXTURE_PASSKEY_KEYS.mario);

    const { guest, res } = await passkeyLogin(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data;
    expect(session.user.username).toBe('mario');
    // Rotated, as a password login: the guest id no longer works.
    expect(session.id).not.toBe(guest);
    expect((await call(ctx.app, 'GET', `${CORE}/sessions/${guest}`, { sessionId: guest })).statusCode).toBe(
      401,
    );
    const [history] = await ctx.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.userId, ctx.fixture.marioUser.id))
      .orderBy(loginHistory.id)
      .then((rows) => rows.slice(-1));
    expect(history).toMatchObject({ outcome: 'success' });
    const used = (await call(ctx.app, 'GET', PASSKEYS, { sessionId: session.id })).json().data;
    expect(used.find((p: { key: string }) => p.key === added.key).lastUsedAt).not.toBeNull();

    const removed = await call(ctx.app, 'DELETE', `${PASSKEYS}/${added.key}`, { sessionId: session.id });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = (await call(ctx.app, 'GET', PASSKEYS, { sessionId: session.id })).json().data;
    expect(left.map((p: { key: string }) => p.key)).toEqual([FIXTURE_PASSKEY_KEYS.mario]);
    // The password keeps working, the removed passkey does not.
    expect(await loginAs(ctx.app, 'mario')).toBeTruthy();
    expectRefused((await passkeyLogin(authenticator)).res, 422, 'passkey_unknown');
    expect((await events(session.id)).map((e) => e.kind)).toEqual(
      expect.arrayContaining(['passkey_added', 'passkey_login', 'passkey_removed']),
    );
  });

  it('refuses a replayed login, a login from another origin and another session’s challenge', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const authenticator = await addPasskey(ctx, mario);

    const guest = await guestSession(ctx.app);
    const options = (await post(LOGIN_OPTIONS, guest)).json().data;
    const answer = authenticator.assert(options);
    expect((await post(LOGIN, guest, { credential: answer })).statusCode).toBe(200);
    // The same answer again, from a new session: its challenge is spent.
    const again = await guestSession(ctx.app);
    expectRefused(await post(LOGIN, again, { credential: answer }), 422, 'passkey_ceremony_invalid');

    const foreign = await passkeyLogin(authenticator, 'https://sportello.example.com');
    expectRefused(foreign.res, 422, 'passkey_ceremony_invalid');

    // A challenge asked by one session and answered from another.
    const asker = await guestSession(ctx.app);
    const theirs = (await post(LOGIN_OPTIONS, asker)).json().data;
    const thief = await guestSession(ctx.app);
    expectRefused(
      await post(LOGIN, thief, { credential: authenticator.assert(theirs) }),
      422,
      'passkey_ceremony_invalid',
    );

    const refused = (await events(mario)).filter((e) => e.kind === 'passkey_refused');
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.map((e) => e.detail).join(' ')).toContain('origine non ammessa');
  });

  it('asks a step-up before adding a passkey: a stolen session adds none', async () => {
    const anna = await loginAs(ctx.app, 'anna');
    expectRefused(await post(`${PASSKEYS}/options`, anna), 403, 'step_up_required');
    // Nor with options a stepped-up session of the user's asked for: the answer's session must be too.
    const steppedUp = await loginAs(ctx.app, 'anna');
    await stepUpWithCode(ctx, steppedUp);
    const options = (await post(`${PASSKEYS}/options`, steppedUp)).json().data;
    const authenticator = createAuthenticator({ origin: TEST_ORIGIN, rpId: TEST_RP_ID });
    expectRefused(
      await post(PASSKEYS, anna, { credential: authenticator.register(options) }),
      403,
      'step_up_required',
    );
    expect((await call(ctx.app, 'GET', PASSKEYS, { sessionId: anna })).json().data).toEqual([]);
  });

  it('tells the contacts on file when a passkey is added', async () => {
    const anna = await loginAs(ctx.app, 'anna');
    await addPasskey(ctx, anna);
    const [added] = (await call(ctx.app, 'GET', PASSKEYS, { sessionId: anna })).json().data;
    const [notice] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `notice:passkey-added:${added.key}:mail`));
    expect(notice!.payload).toMatchObject({
      to: 'cus-anna@example.it',
      subject: expect.stringContaining('Nuova passkey aggiunta'),
    });
    expect(String(notice!.payload.text)).toContain(`«${added.name}»`);
    await call(ctx.app, 'DELETE', `${PASSKEYS}/${added.key}`, { sessionId: anna });
  });

  it('refuses a registration from another origin or with an expired challenge, adding nothing', async () => {
    const anna = await loginAs(ctx.app, 'anna');
    await stepUpWithCode(ctx, anna);
    const authenticator = createAuthenticator({ origin: TEST_ORIGIN, rpId: TEST_RP_ID });
    const options = (await post(`${PASSKEYS}/options`, anna)).json().data;
    const foreign = authenticator.register(options, 'https://evil.example.com');
    expectRefused(await post(PASSKEYS, anna, { credential: foreign }), 422, 'passkey_ceremony_invalid');

    const late = (await post(`${PASSKEYS}/options`, anna)).json().data;
    await ctx.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, late.challenge));
    expectRefused(
      await post(PASSKEYS, anna, { credential: authenticator.register(late) }),
      422,
      'passkey_ceremony_invalid',
    );
    expect((await call(ctx.app, 'GET', PASSKEYS, { sessionId: anna })).json().data).toEqual([]);
    expect((await events(anna)).filter((e) => e.kind === 'passkey_refused')).toHaveLength(2);
  });

  it('refuses another user’s passkey with 403', async () => {
    const franco = await loginAs(ctx.app, 'franco');
    await addPasskey(ctx, franco);
    const [theirs] = (await call(ctx.app, 'GET', PASSKEYS, { sessionId: franco })).json().data;
    const mario = await loginAs(ctx.app, 'mario');
    expect(
      (await call(ctx.app, 'DELETE', `${PASSKEYS}/${theirs.key}`, { sessionId: mario })).statusCode,
    ).toBe(403);
  });

  describe('step-up', () => {
    it('is required before an IBAN change and passed with a passkey', async () => {
      // Added from another session (adding one is itself a step-up by code).
      const authenticator = await addPasskey(ctx, await loginAs(ctx.app, 'mario'));
      const mario = await loginAs(ctx.app, 'mario');
      expectRefused(await post(BANK, mario, IBAN_CHANGE), 403, 'step_up_required');

      const status = (await call(ctx.app, 'GET', STEP_UP, { sessionId: mario })).json().data;
      expect(status).toMatchObject({ steppedUpUntil: null, hasPasskey: true });
      const options = (await post(`${STEP_UP}/passkey/options`, mario)).json().data;
      const answer = authenticator.assert(options);
      const passed = await post(`${STEP_UP}/passkey`, mario, { credential: answer });
      expect(passed.statusCode, passed.body).toBe(200);
      expect((await post(BANK, mario, IBAN_CHANGE)).statusCode).toBe(200);
      // Replayed: refused, and written down.
      expectRefused(
        await post(`${STEP_UP}/passkey`, mario, { credential: answer }),
        422,
        'passkey_ceremony_invalid',
      );
      const kinds = (await events(mario)).map((e) => e.kind);
      expect(kinds).toEqual(expect.arrayContaining(['step_up_passed', 'step_up_refused']));
    });

    it('lapses after 5 minutes', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      await ctx.db
        .update(sessions)
        .set({ steppedUpAt: new Date(Date.now() - 5 * 60_000 - 1000) })
        .where(eq(sessions.idHash, hashSessionId(mario)));
      expectRefused(await post(BANK, mario, IBAN_CHANGE), 403, 'step_up_required');
    });

    it('passes with a code to the contact on file, once; a wrong, reused or expired code is refused', async () => {
      const anna = await loginAs(ctx.app, 'anna');
      const status = (await call(ctx.app, 'GET', STEP_UP, { sessionId: anna })).json().data;
      expect(status).toEqual({
        steppedUpUntil: null,
        hasPasskey: false,
        channels: [{ channel: 'email', sentTo: expect.stringContaining('•••') }],
      });
      expectRefused(await post(`${STEP_UP}/passkey/options`, anna), 422, 'step_up_no_passkey');
      expectRefused(
        await post(`${STEP_UP}/code`, anna, { channel: 'phone' }),
        422,
        'step_up_contact_missing',
      );

      const codeOf = async (workflowId: string) => {
        const [job] = await ctx.db
          .select()
          .from(jobs)
          .where(eq(jobs.idempotencyKey, `step-up:${workflowId}`));
        expect(job!.payload.to).toBe('cus-anna@example.it');
        return /\b(\d{4})\b/.exec(String(job!.payload.text))![1]!;
      };
      const started = await post(`${STEP_UP}/code`, anna, { channel: 'email' });
      expect(started.statusCode, started.body).toBe(200);
      const { workflowId } = started.json().data;
      const code = await codeOf(workflowId);
      const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
      expectRefused(
        await post(`${STEP_UP}/code/verify`, anna, { workflowId, code: wrong }),
        422,
        'step_up_code_wrong',
      );
      expectRefused(
        await post(BANK, anna, { ...IBAN_CHANGE, contractKey: 'CTR-2' }),
        403,
        'step_up_required',
      );
      const ok = await post(`${STEP_UP}/code/verify`, anna, { workflowId, code });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.steppedUpUntil).toBeTruthy();
      expectRefused(
        await post(`${STEP_UP}/code/verify`, anna, { workflowId, code }),
        422,
        'step_up_code_invalid',
      );

      // Expired: ten minutes later the code no longer works.
      const other = await loginAs(ctx.app, 'anna');
      const next = (await post(`${STEP_UP}/code`, other, { channel: 'email' })).json().data;
      const nextCode = await codeOf(next.workflowId);
      const { otpWorkflows } = await import('@sportello/db/schema');
      await ctx.db
        .update(otpWorkflows)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(otpWorkflows.id, next.workflowId));
      expectRefused(
        await post(`${STEP_UP}/code/verify`, other, { workflowId: next.workflowId, code: nextCode }),
        422,
        'step_up_code_invalid',
      );
      // A step-up code changes no contact through the profile's door.
      const viaProfile = await post('bpm/v1/otp-verification', other, {
        workflowId: next.workflowId,
        code: nextCode,
      });
      expect(viaProfile.json().data.matches).toBe(false);
      expect((await events(anna)).filter((e) => e.kind === 'step_up_refused').length).toBeGreaterThanOrEqual(
        3,
      );
    });

    it('is asked for a password change, not for the notification flags', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const flags = await call(ctx.app, 'PUT', `${CORE}/users`, {
        sessionId: mario,
        body: { receiveTechNotifications: true },
      });
      expect(flags.statusCode, flags.body).toBe(200);
      const password = await call(ctx.app, 'PUT', `${CORE}/users`, {
        sessionId: mario,
        body: { currentPassword: 'x', password: 'Nuova2026!' },
      });
      expectRefused(password, 403, 'step_up_required');
    });
  });
});
