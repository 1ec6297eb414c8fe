// Personal read-only tokens (ADR 037): the profile creates, lists and revokes them
// (a logged-in user's calls), and a token reads, with `access: 'token'`, the consumption, readings,
// bills and prices of its user's own supplies (./personal-reads.ts, part of this namespace).
import * as z from 'zod/mini';
import { line } from '../text.js';
import { defineCall } from '../call.js';
import { calendarDate, isoInstant } from '../models.js';

// The token's reads sit in their own file: a page that imports only the profile's calls does not
// also load the metering, bills and supplies schemas they are built from (the web's 40 KB budget).
export * from './personal-reads.js';

const CORE = 'portalapi/Core/v1';

export const personalTokenSchema = z.object({
  /** Names the token to revoke it; not the token. */
  key: z.string(),
  name: z.string(),
  createdAt: isoInstant,
  expiresAt: isoInstant,
  lastUsedAt: z.nullable(isoInstant),
  expired: z.boolean(),
});
export type PersonalToken = z.output<typeof personalTokenSchema>;

export const listPersonalTokens = defineCall({
  name: 'listPersonalTokens',
  method: 'GET',
  path: `${CORE}/user/tokens`,
  access: 'user',
  reaches: 'nothing',
  summary: 'The personal read-only tokens of the logged-in user not revoked, newest first (never the token).',
  response: z.array(personalTokenSchema),
});

export const createPersonalToken = defineCall({
  name: 'createPersonalToken',
  method: 'POST',
  path: `${CORE}/user/tokens`,
  access: 'user',
  // A token reads bills and consumption for up to a year without the password: a thief's aim too.
  stepUp: true,
  refusals: [422],
  reaches: 'nothing',
  summary:
    'A new personal read-only token with a name and an expiry (tomorrow to a year from today, Rome ' +
    'dates): the answer is the only time the token is shown; only its hash is kept. At most 10 live. ' +
    'Told to the contacts on file; every token ends with a password change, a reset or "end all sessions".',
  body: z.object({
    name: line().check(z.trim(), z.minLength(1, 'required'), z.maxLength(60)),
    expiresOn: calendarDate,
  }),
  response: z.object({ token: z.string(), details: personalTokenSchema }),
});

const tokenKey = line().check(z.regex(/^TOK-[0-9a-f]{16}$/, 'not_found'));

export const revokePersonalToken = defineCall({
  name: 'revokePersonalToken',
  method: 'DELETE',
  path: `${CORE}/user/tokens/:key`,
  access: 'user',
  reaches: { params: { key: 'personalToken.key' } },
  summary: 'Revokes one of the logged-in user’s tokens: from the next request it reaches nothing.',
  params: z.object({ key: tokenKey }),
  response: z.object({ revoked: z.literal(true) }),
});
