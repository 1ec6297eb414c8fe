// The core calls a page load may make before any feature's page (SPEC §7): the guest session, login
// and logout, the module list. Apart from the other core calls (re-exported by core.ts, so the
// `core` namespace is unchanged) because the web's entry chunk holds this module whole.
import * as z from 'zod/mini';
import { line } from '../text.js';
import { defineCall, idParam } from '../call.js';
import { clientSpecSchema, companyCodeSchema, isoInstant, moduleSchema, sessionSchema } from '../models.js';

const CORE = 'portalapi/Core/v1';

export const createSession = defineCall({
  name: 'createSession',
  method: 'POST',
  path: `${CORE}/sessions`,
  access: 'public',
  refusals: [429],
  reaches: 'nothing',
  summary: 'Opens a guest session for a brand; answers its id.',
  body: z.object({
    company: companyCodeSchema,
    locale: z._default(z.literal('it'), 'it'),
    clientSpec: z.optional(clientSpecSchema),
  }),
  response: sessionSchema,
});

export const getSession = defineCall({
  name: 'getSession',
  method: 'GET',
  path: `${CORE}/sessions/:id`,
  access: 'session',
  reaches: { params: { id: 'session.id' } },
  summary: 'The session (and its user once logged in); only the caller’s own session.',
  params: idParam,
  response: sessionSchema,
});

export const login = defineCall({
  name: 'login',
  method: 'POST',
  path: `${CORE}/user/login`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary: 'Logs the session in; the answer carries the new (rotated) session id.',
  body: z.object({
    username: line().check(z.trim(), z.minLength(1), z.maxLength(100)),
    password: line().check(z.minLength(1), z.maxLength(200)),
  }),
  response: sessionSchema,
});

export const logout = defineCall({
  name: 'logout',
  method: 'DELETE',
  path: `${CORE}/user/logout`,
  access: 'session',
  reaches: 'nothing',
  summary: 'Ends the session: it is deleted on the server.',
  response: z.object({ loggedOut: z.literal(true) }),
});

/** A handover code: 128 random bits, base64url (ADR 023). */
const handoverCode = line().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'handover_invalid'));

export const createSessionHandover = defineCall({
  name: 'createSessionHandover',
  method: 'POST',
  path: `${CORE}/sessions/handover`,
  access: 'user',
  reaches: 'nothing',
  summary:
    'A single-use code, valid 2 minutes, that another tab, app or channel exchanges for a new session ' +
    'of the same user (ADR 023): a URL carries this code, never a session id.',
  response: z.object({ code: handoverCode, expiresAt: isoInstant }),
});

export const exchangeSessionHandover = defineCall({
  name: 'exchangeSessionHandover',
  method: 'POST',
  path: `${CORE}/sessions/handover/exchange`,
  access: 'public',
  refusals: [422],
  reaches: 'nothing',
  summary:
    'Spends a handover code: answers a NEW session of the user who asked for it (never that session). ' +
    'An unknown, spent or expired code, or one whose session has ended, answers 422 handover_invalid.',
  body: z.object({ code: handoverCode }),
  response: sessionSchema,
});

export const listModules = defineCall({
  name: 'listModules',
  method: 'GET',
  path: `${CORE}/modules`,
  access: 'session',
  reaches: 'nothing',
  summary: 'Module keys enabled for the session’s brand.',
  response: z.array(moduleSchema),
});
