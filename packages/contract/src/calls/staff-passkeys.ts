// Staff passkeys (ADR 044): an operator adds a passkey from the console within 5
// minutes of a login with the authenticator app's code (TOTP), lists and removes them, and logs in
// at /operatore with one (discoverable, user verification required); TOTP stays as the fallback.
// Kept apart from the customers' passkeys: a customer's passkey never opens a staff session.
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { isoInstant } from '../models.js';
import { STAFF_ROLES } from '../staff-roles.js';
import { line } from '../text.js';
import {
  authenticationCredentialSchema,
  ceremonyOptions,
  passkeySchema,
  registrationCredentialSchema,
} from './passkeys.js';
import { staffSessionSchema } from './staff.js';

const STAFF = 'staff/v1';

/** A staff passkey is listed as a customer's is (its key is `SPK-…`). */
export const staffPasskeySchema = passkeySchema;
export type StaffPasskey = z.output<typeof staffPasskeySchema>;

export const staffPasskeyLoginOptions = defineCall({
  name: 'staffPasskeyLoginOptions',
  method: 'POST',
  path: `${STAFF}/login/passkey/options`,
  access: 'public',
  reaches: 'nothing',
  refusals: [429],
  summary:
    'Starts a staff login with a passkey: request options with a fresh challenge (single use, 5 ' +
    'minutes), no account named (the authenticator offers its staff passkeys). Throttled per address.',
  response: ceremonyOptions,
});

export const staffLoginWithPasskey = defineCall({
  name: 'staffLoginWithPasskey',
  method: 'POST',
  path: `${STAFF}/login/passkey`,
  access: 'public',
  reaches: 'nothing',
  refusals: [422, 429],
  summary:
    'Opens a staff session with a staff passkey’s answer to a live challenge (a customer’s passkey, ' +
    'a replayed or foreign-origin answer: 422). Throttled as the staff login; audited either way.',
  body: z.object({ credential: authenticationCredentialSchema }),
  response: z.object({ id: z.string(), session: staffSessionSchema }),
});

export const listStaffPasskeys = defineCall({
  name: 'listStaffPasskeys',
  method: 'GET',
  path: `${STAFF}/passkeys`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: 'nothing',
  summary:
    'The asking staff account’s passkeys, newest first, and whether its session may add one now ' +
    '(logged in with the authenticator app’s code less than 5 minutes ago).',
  response: z.object({
    passkeys: z.array(staffPasskeySchema),
    /** Until when this session may add a passkey; null when it must log in with the code again. */
    mayAddUntil: z.nullable(isoInstant),
  }),
});

export const staffPasskeyRegistrationOptions = defineCall({
  name: 'staffPasskeyRegistrationOptions',
  method: 'POST',
  path: `${STAFF}/passkeys/options`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: 'nothing',
  refusals: [422],
  summary:
    'Starts adding a staff passkey: creation options with a fresh challenge tied to this session. Only ' +
    'within 5 minutes of a login with the authenticator app’s code (else 422 staff_passkey_needs_code).',
  response: ceremonyOptions,
});

export const registerStaffPasskey = defineCall({
  name: 'registerStaffPasskey',
  method: 'POST',
  path: `${STAFF}/passkeys`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: 'nothing',
  refusals: [422],
  summary:
    'Adds the passkey the browser made for this session’s challenge (still within 5 minutes of a code ' +
    'login); a replayed, late or foreign-origin answer is refused with 422. Audited.',
  body: z.object({
    name: z.optional(line().check(z.trim(), z.maxLength(60))),
    credential: registrationCredentialSchema,
  }),
  response: staffPasskeySchema,
});

export const deleteStaffPasskey = defineCall({
  name: 'deleteStaffPasskey',
  method: 'DELETE',
  path: `${STAFF}/passkeys/:key`,
  access: 'staff',
  roles: STAFF_ROLES,
  // The account's own passkeys only: another account's key is answered 404, as one that never was.
  reaches: 'nothing',
  refusals: [404],
  summary: 'Removes one of the asking account’s passkeys (another’s: 404); audited.',
  params: z.object({ key: line().check(z.regex(/^SPK-[A-Za-z0-9_-]{8,40}$/, 'not_found')) }),
  response: z.object({ removed: z.literal(true) }),
});
