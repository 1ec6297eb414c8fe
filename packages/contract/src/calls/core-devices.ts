// "Dispositivi e accessi" (ADR 037): the logged-in user's live sessions, ending one
// or all the others, the last logins and failed attempts, and the single-use link of a new-login
// notice that ends that login's session. Re-exported by core.ts (the `core` namespace).
import * as z from 'zod/mini';
import { line } from '../text.js';
import { defineCall } from '../call.js';
import { isoInstant } from '../models.js';

const CORE = 'portalapi/Core/v1';

/** What the User-Agent says of a device (@sportello/domain describeUserAgent); no place is known. */
export const deviceSchema = z.object({
  browser: z.string(),
  os: z.string(),
  type: z.enum(['mobile', 'tablet', 'desktop']),
});

export const userSessionSchema = z.object({
  /** Names the session to end it; not its id (ADR 023, 037). */
  key: z.string(),
  device: deviceSchema,
  createdAt: isoInstant,
  lastSeenAt: isoInstant,
  /** The session asking: "Questo dispositivo". */
  current: z.boolean(),
});
export type UserSession = z.output<typeof userSessionSchema>;

export const loginAttemptSchema = z.object({
  at: isoInstant,
  device: deviceSchema,
  outcome: z.enum(['success', 'wrong_password']),
});
export type LoginAttempt = z.output<typeof loginAttemptSchema>;

/** A session key: 96 random bits, base64url. */
const sessionKey = line().check(z.regex(/^[A-Za-z0-9_-]{16,32}$/, 'not_found'));

export const listUserSessions = defineCall({
  name: 'listUserSessions',
  method: 'GET',
  path: `${CORE}/user/sessions`,
  access: 'user',
  reaches: 'nothing',
  summary:
    'The live sessions of the logged-in user, the asking one first (marked current), then by last use, ' +
    'each with its device (from the User-Agent), first and last use.',
  response: z.array(userSessionSchema),
});

export const deleteUserSession = defineCall({
  name: 'deleteUserSession',
  method: 'DELETE',
  path: `${CORE}/user/sessions/:key`,
  access: 'user',
  reaches: { params: { key: 'userSession.key' } },
  summary: 'Ends one session of the logged-in user, named by its key (another user’s: 403).',
  params: z.object({ key: sessionKey }),
  response: z.object({ ended: z.literal(true) }),
});

export const deleteOtherUserSessions = defineCall({
  name: 'deleteOtherUserSessions',
  method: 'DELETE',
  path: `${CORE}/user/sessions`,
  access: 'user',
  reaches: 'nothing',
  summary: 'Ends every session of the logged-in user but the asking one; answers how many ended.',
  response: z.object({ ended: z.number() }),
});

export const listLoginHistory = defineCall({
  name: 'listLoginHistory',
  method: 'GET',
  path: `${CORE}/user/logins`,
  access: 'user',
  reaches: 'nothing',
  summary: 'The last 20 logins and failed attempts (wrong password) of the logged-in user, newest first.',
  response: z.array(loginAttemptSchema),
});

/** An end link's token: 192 random bits, base64url. */
const endLinkToken = line().check(z.regex(/^[A-Za-z0-9_-]{32}$/, 'session_end_link_invalid'));

export const endSessionByLink = defineCall({
  name: 'endSessionByLink',
  method: 'POST',
  path: `${CORE}/sessions/end-by-link`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'Spends the single-use link of a "Nuovo accesso al tuo account" notice: the session of that login ' +
    'ends. An unknown, spent or expired link, or a session already ended, answers 422.',
  body: z.object({ token: endLinkToken }),
  response: z.object({ ended: z.literal(true) }),
});
