// Staff passkeys (ADR 044) through app.inject with the software authenticator: added
// within 5 minutes of a code login only, listed, removed; a login with one opens a staff session; a
// customer's passkey opens none (nor a staff one a customer's session), another account's or a
// replayed answer is refused; each step is in the staff audit.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { staffAudit, staffSessions } from '@sportello/db/schema';
import { call, guestSession, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { addPasskey, TEST_ORIGIN, TEST_RP_ID } from '../../../test/step-up.js';
import { createAuthenticator } from '../../../test/webauthn-authenticator.js';
import { hashSessionId } from '../../platform/sessions/session-store.js';

const PASSKEYS = 'staff/v1/passkeys';
const LOGIN_OPTIONS = 'staff/v1/login/passkey/options';
const LOGIN = 'staff/v1/login/passkey';

describe.each(databaseKinds)('staff passkeys (%s)', (kind) => {
  // A low limit per address, to see the throttle (each account here logs in from its own address).
  const ctx = useTestApp(kind, { LOGIN_MAX_FAILURES_PER_ADDRESS: '5' });
  const auditOf = async (staffUserId: number | null) =>
    (await ctx.db.select().from(staffAudit).orderBy(asc(staffAudit.id))).filter(
      (r) => r.staffUserId === staffUserId,
    );
  let address = 0;
  const ip = () => `10.44.0.${++address}`;

  /** A new operator, logged in with the code, with a passkey added: its authenticator and session. */
  async function operatorWithPasskey() {
    const account = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const authenticator = createAuthenticator({ origin: TEST_ORIGIN, rpId: TEST_RP_ID });
    const options = await staffCall(ctx.app, 'POST', `${PASSKEYS}/options`, {
      staffSessionId: account.sessionId,
      body: {},
    });
    expect(options.statusCode, options.body).toBe(200);
    const added = await staffCall(ctx.app, 'POST', PASSKEYS, {
      staffSessionId: account.sessionId,
      body: { name: 'Chiave di prova', credential: authenticator.register(options.json().data) },
    });
    expect(added.statusCode, added.body).toBe(200);
    return { account, authenticator, passkey: added.json().data as { key: string; name: string } };
  }

  async function passkeyLogin(
    authenticator: ReturnType<typeof createAuthenticator>,
    origin?: string,
    from = ip(),
  ) {
    const options = (await staffCall(ctx.app, 'POST', LOGIN_OPTIONS, { body: {}, ip: from })).json().data;
    const credential = authenticator.assert(options, undefined, origin);
    return {
      credential,
      res: await staffCall(ctx.app, 'POST', LOGIN, { body: { credential }, ip: from }),
    };
  }

  const expectRefused = (res: Awaited<ReturnType<typeof staffCall>>, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(MESSAGES[code as keyof typeof MESSAGES]);
  };

  it('adds a passkey after a code login, logs in with it, lists and removes it, all audited', async () => {
    const { account, authenticator, passkey } = await operatorWithPasskey();
    expect(passkey).toMatchObject({ key: expect.stringMatching(/^SPK-/), name: 'Chiave di prova' });

    const { res } = await passkeyLogin(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    const opened = res.json().data;
    expect(opened.session).toMatchObject({ username: account.username, role: 'operator', brands: ['sga'] });
    const me = await staffCall(ctx.app, 'GET', 'staff/v1/session', { staffSessionId: opened.id });
    expect(me.json().data.username).toBe(account.username);
    const [session] = await ctx.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.idHash, hashSessionId(opened.id)));
    expect(session!.loginFactor).toBe('passkey');

    const list = await staffCall(ctx.app, 'GET', PASSKEYS, { staffSessionId: opened.id });
    expect(list.json().data.passkeys).toEqual([
      expect.objectContaining({ key: passkey.key, lastUsedAt: expect.any(String) }),
    ]);
    // A passkey login is no code login: it adds no passkey.
    expect(list.json().data.mayAddUntil).toBeNull();
    expectRefused(
      await staffCall(ctx.app, 'POST', `${PASSKEYS}/options`, { staffSessionId: opened.id, body: {} }),
      422,
      'staff_passkey_needs_code',
    );

    const removed = await staffCall(ctx.app, 'DELETE', `${PASSKEYS}/${passkey.key}`, {
      staffSessionId: opened.id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await passkeyLogin(authenticator)).res.statusCode).toBe(422);

    const actions = (await auditOf(account.id)).map((r) => [r.action, r.detail.factor ?? null]);
    expect(actions).toEqual([
      ['account_created', null],
      ['session_start', 'totp'],
      ['passkey_added', null],
      ['session_start', 'passkey'],
      // The options refused to the passkey session (every staff refusal is audited).
      ['refused', null],
      ['passkey_removed', null],
    ]);
    // The login with the removed passkey named nobody's: refused, audited without an account.
    const refused = (await auditOf(null)).filter((r) => r.action === 'passkey_login_refused');
    expect(refused.at(-1)!.detail).toMatchObject({ reason: 'passkey sconosciuta' });
  });

  it('refuses to add a passkey more than 5 minutes after the code login', async () => {
    const account = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
    await ctx.db
      .update(staffSessions)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000 - 1000) })
      .where(eq(staffSessions.idHash, hashSessionId(account.sessionId)));
    expectRefused(
      await staffCall(ctx.app, 'POST', `${PASSKEYS}/options`, {
        staffSessionId: account.sessionId,
        body: {},
      }),
      422,
      'staff_passkey_needs_code',
    );
    const authenticator = createAuthenticator({ origin: TEST_ORIGIN, rpId: TEST_RP_ID });
    const credential = authenticator.register({ challenge: 'x'.repeat(43), user: { id: 'c3RhZmY' } });
    expectRefused(
      await staffCall(ctx.app, 'POST', PASSKEYS, { staffSessionId: account.sessionId, body: { credential } }),
      422,
      'staff_passkey_needs_code',
    );
    const list = await staffCall(ctx.app, 'GET', PASSKEYS, { staffSessionId: account.sessionId });
    expect(list.json().data).toEqual({ passkeys: [], mayAddUntil: null });
  });

  it('refuses a replayed answer, one from another origin, and another account’s passkey', async () => {
    const { authenticator, account } = await operatorWithPasskey();
    const first = await passkeyLogin(authenticator);
    expect(first.res.statusCode).toBe(200);
    expectRefused(
      await staffCall(ctx.app, 'POST', LOGIN, { body: { credential: first.credential }, ip: ip() }),
      422,
      'staff_passkey_refused',
    );
    expectRefused(
      (await passkeyLogin(authenticator, 'https://evil.example.com')).res,
      422,
      'staff_passkey_refused',
    );
    const reasons = (await auditOf(account.id))
      .filter((r) => r.action === 'passkey_login_refused')
      .map((r) => r.detail.reason);
    expect(reasons).toEqual([expect.stringContaining('già usata'), 'origine non ammessa']);

    // Another account's passkey cannot be removed by this one (as if it did not exist).
    const other = await operatorWithPasskey();
    expectRefused(
      await staffCall(ctx.app, 'DELETE', `${PASSKEYS}/${other.passkey.key}`, {
        staffSessionId: account.sessionId,
      }),
      404,
      'not_found',
    );
  });

  it('keeps customers’ and staff passkeys apart', async () => {
    // A customer's passkey opens no staff session…
    const mario = await loginAs(ctx.app, 'mario');
    const customerAuthenticator = await addPasskey(ctx, mario);
    expectRefused((await passkeyLogin(customerAuthenticator)).res, 422, 'staff_passkey_refused');

    // …and a staff passkey no customer session, on either side's challenge.
    const { authenticator } = await operatorWithPasskey();
    const guest = await guestSession(ctx.app);
    const options = (
      await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions/passkey/options', {
        sessionId: guest,
        body: {},
      })
    ).json().data;
    const res = await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions/passkey', {
      sessionId: guest,
      body: { credential: authenticator.assert(options) },
    });
    expect(res.statusCode).toBe(422);
    // A customer's challenge answered at the staff door: not a staff challenge.
    const theirs = (
      await call(ctx.app, 'POST', 'portalapi/Core/v1/sessions/passkey/options', {
        sessionId: guest,
        body: {},
      })
    ).json().data;
    expectRefused(
      await staffCall(ctx.app, 'POST', LOGIN, {
        body: { credential: authenticator.assert(theirs) },
        ip: ip(),
      }),
      422,
      'staff_passkey_refused',
    );
  });

  it('throttles passkey logins by address, as the code login', async () => {
    const authenticator = createAuthenticator({ origin: TEST_ORIGIN, rpId: TEST_RP_ID });
    authenticator.register({ challenge: 'x'.repeat(43), user: { id: 'bm9ib2R5' } });
    const from = '10.45.0.1';
    let last;
    for (let i = 0; i < 10 && last?.statusCode !== 429; i++)
      last = (await passkeyLogin(authenticator, undefined, from)).res;
    expect(last!.statusCode).toBe(429);
  });
});
