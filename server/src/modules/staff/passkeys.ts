// Staff passkeys (ADR 044): an operator adds one from the console within 5 minutes
// of a login with password and code (TOTP), lists and removes them, and logs in with one: a
// discoverable credential, the person verified, the same relying party as customers' passkeys but
// their own table, so a customer's passkey opens no staff session and a staff one no customer's.
// Every login, refusal, addition and removal is in the staff audit; logins are throttled by address
// under the staff login's own key.
import { randomBytes } from 'node:crypto';
import type { staff, staffPasskeys as calls } from '@sportello/contract';
import { describeUserAgent, deviceLabel } from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import { notFound, unprocessable } from '../../http/app-error.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import { CeremonyRefused, listedPasskey, type Ceremonies } from '../../platform/auth/webauthn.js';
import {
  writeStaffAudit,
  type StaffLoginFactor,
  type StaffPrincipal,
} from '../../platform/staff/staff-sessions.js';
import type { StaffPasskeyRow, StaffPasskeysRepository } from './passkeys-repository.js';
import type { StaffUserRow } from './repository.js';
import { staffLoginRules, type StaffLoginLimits } from './login-rules.js';

/** How long after a code login a session may add a passkey: a borrowed console adds none later. */
export const STAFF_PASSKEY_WINDOW_MS = 5 * 60_000;
export const STAFF_PASSKEYS_PER_ACCOUNT = 10;
/** Options asked per address and window: each keeps a challenge row, so a flood is refused. */
const LOGIN_OPTIONS_PER_ADDRESS = 60;
/**
 * A staff login has no session before it to tie its challenge to: the challenge is tied to the staff
 * login itself (single use, 5 minutes) and the answer must come from a configured origin.
 */
const STAFF_LOGIN_CEREMONY = 'staff-login';

type StaffSession = staff.StaffSession;
type Registration = z.output<typeof calls.registerStaffPasskey.body>;
type Assertion = z.output<typeof calls.staffLoginWithPasskey.body>['credential'];

/** Until when this session may add a passkey, or null. */
function mayAddUntil(staff: StaffPrincipal, now: Date): Date | null {
  if (staff.loginFactor !== 'totp') return null;
  const until = new Date(staff.startedAt.getTime() + STAFF_PASSKEY_WINDOW_MS);
  return until > now ? until : null;
}

export function createStaffPasskeys(deps: {
  db: Db;
  repository: StaffPasskeysRepository;
  ceremonies: Ceremonies<StaffPasskeyRow>;
  throttle: Throttle;
  limits: StaffLoginLimits;
  open: (
    user: StaffUserRow,
    factor: StaffLoginFactor,
    detail: Record<string, unknown>,
    address: string,
    now: Date,
  ) => Promise<{ id: string; session: StaffSession }>;
}) {
  const { db, repository, ceremonies, throttle } = deps;
  const audit = (
    staff: StaffPrincipal,
    action: string,
    detail: Record<string, unknown>,
    address: string,
    writer: Pick<Db, 'insert'> = db,
  ) => writeStaffAudit(writer, { staffUserId: staff.userId, idHash: staff.idHash, action, detail, address });

  function window(staff: StaffPrincipal, now: Date) {
    if (!mayAddUntil(staff, now)) throw unprocessable('staff_passkey_needs_code');
  }

  return {
    async list(staff: StaffPrincipal, now: Date) {
      return {
        passkeys: (await repository.ofAccount(staff.userId)).map(listedPasskey),
        mayAddUntil: mayAddUntil(staff, now)?.toISOString() ?? null,
      };
    },

    async registrationOptions(staff: StaffPrincipal, now: Date) {
      window(staff, now);
      const existing = await repository.ofAccount(staff.userId);
      if (existing.length >= STAFF_PASSKEYS_PER_ACCOUNT) throw unprocessable('passkeys_too_many');
      return ceremonies.registrationOptions(
        // The user handle: opaque, never the username (a staff account has no customer key).
        { id: null, key: `staff-${staff.userId}`, username: staff.username, displayName: staff.displayName },
        existing,
        staff.idHash,
        now,
      );
    },

    async register(
      staff: StaffPrincipal,
      body: Registration,
      client: { address: string; userAgent: string | null },
      now: Date,
    ) {
      window(staff, now);
      let credential;
      try {
        credential = await ceremonies.verifyRegistration(
          { ...body.credential, clientExtensionResults: body.credential.clientExtensionResults ?? {} },
          null,
          staff.idHash,
          now,
        );
      } catch (err) {
        if (!(err instanceof CeremonyRefused)) throw err;
        await audit(staff, 'passkey_add_refused', { reason: err.reason }, client.address);
        throw unprocessable('passkey_ceremony_invalid');
      }
      if ((await repository.countOfAccount(staff.userId)) >= STAFF_PASSKEYS_PER_ACCOUNT)
        throw unprocessable('passkeys_too_many');
      const name = body.name || deviceLabel(describeUserAgent(client.userAgent));
      const row = await db.transaction(async (tx) => {
        const inserted = await repository.insert(tx, {
          key: `SPK-${randomBytes(12).toString('base64url')}`,
          staffUserId: staff.userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
          createdAt: now,
        });
        await audit(staff, 'passkey_added', { passkey: inserted.key, name }, client.address, tx);
        return inserted;
      });
      return listedPasskey(row);
    },

    async remove(staff: StaffPrincipal, key: string, address: string) {
      await db.transaction(async (tx) => {
        const name = await repository.remove(tx, staff.userId, key);
        if (name === undefined) throw notFound();
        await audit(staff, 'passkey_removed', { passkey: key, name }, address, tx);
      });
      return { removed: true as const };
    },

    async loginOptions(address: string, now: Date) {
      await throttle.attempt(
        [
          {
            key: `staff-passkey-options:ip:${address}`,
            limit: LOGIN_OPTIONS_PER_ADDRESS,
            windowMs: deps.limits.windowMs,
            over: 'refuse',
          },
        ],
        now,
      );
      // No list of passkeys: the authenticator offers its own for the site, and names the account.
      return ceremonies.authenticationOptions('login', null, STAFF_LOGIN_CEREMONY, null, now);
    },

    /** A staff session for the account whose passkey signed a live staff challenge; else one refusal. */
    async login(credential: Assertion, address: string, now: Date) {
      const attempt = await throttle.attempt(staffLoginRules(deps.limits, null, address), now);
      let passkey: StaffPasskeyRow;
      let user: StaffUserRow | undefined;
      try {
        passkey = await ceremonies.verifyAuthentication(
          { ...credential, clientExtensionResults: credential.clientExtensionResults ?? {} },
          'login',
          STAFF_LOGIN_CEREMONY,
          (id) => repository.byCredentialId(id),
          now,
        );
        user = await repository.account(passkey.staffUserId);
        if (!user?.active) throw new CeremonyRefused<StaffPasskeyRow>('account disattivato', passkey);
      } catch (err) {
        if (!(err instanceof CeremonyRefused)) throw err;
        // Whose passkey it named, when it is a staff one: that account's audit hears of it.
        const owner = (err.passkey as StaffPasskeyRow | undefined)?.staffUserId ?? null;
        await writeStaffAudit(db, {
          staffUserId: owner,
          action: 'passkey_login_refused',
          detail: { reason: err.reason },
          address,
        });
        throw unprocessable('staff_passkey_refused');
      }
      await attempt.succeeded();
      return deps.open(user, 'passkey', { passkey: passkey.key, name: passkey.name }, address, now);
    },
  };
}
