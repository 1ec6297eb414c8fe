// Passkeys and step-up (ADR 038): a logged-in user adds, lists and removes passkeys
// (WebAuthn); a session logs in with one; a session proves its user again (step-up) with a passkey or
// a one-time code to a contact on file before the calls marked `stepUp`; the user's security events.
// Each ceremony is two calls: options (a fresh single-use challenge), then the authenticator's answer.
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { isoInstant, sessionSchema } from '../models.js';
import { line } from '../text.js';

const CORE = 'portalapi/Core/v1';

/** A base64url field of a WebAuthn answer (an attestation with its certificates fits). */
const b64 = line().check(z.maxLength(16_000), z.regex(/^[A-Za-z0-9_-]*={0,2}$/));
const attachment = z.optional(z.enum(['platform', 'cross-platform']));
/** Only the extension the server reads; the others are dropped. */
const extensions = z.object({ credProps: z.optional(z.object({ rk: z.optional(z.boolean()) })) });

/** How a browser may reach an authenticator (WebAuthn's AuthenticatorTransport, and later ones). */
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** The browser's answer to a registration (`startRegistration` of @simplewebauthn/browser). */
export const registrationCredentialSchema = z.object({
  id: b64,
  rawId: b64,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
  response: z.object({
    clientDataJSON: b64,
    attestationObject: b64,
    transports: z.optional(z.array(z.enum(TRANSPORTS)).check(z.maxLength(10))),
  }),
});

/** The browser's answer to an authentication (`startAuthentication`). */
export const authenticationCredentialSchema = z.object({
  id: b64,
  rawId: b64,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
  response: z.object({
    clientDataJSON: b64,
    authenticatorData: b64,
    signature: b64,
    userHandle: z.optional(b64),
  }),
});

/**
 * WebAuthn options as @simplewebauthn/server makes them (PublicKeyCredential…OptionsJSON): the web
 * hands them to the browser unchanged.
 */
export const ceremonyOptions = z.looseObject({ challenge: z.string(), rpId: z.optional(z.string()) });

export const passkeySchema = z.object({
  /** Names the passkey to remove it (`PSK-…` for a customer's, `SPK-…` for a staff account's). */
  key: z.string(),
  name: z.string(),
  createdAt: isoInstant,
  lastUsedAt: z.nullable(isoInstant),
});
export type Passkey = z.output<typeof passkeySchema>;

const passkeyKey = line().check(z.regex(/^PSK-[A-Za-z0-9_-]{8,40}$/, 'not_found'));

export const passkeyRegistrationOptions = defineCall({
  name: 'passkeyRegistrationOptions',
  method: 'POST',
  path: `${CORE}/user/passkeys/options`,
  access: 'user',
  refusals: [422],
  reaches: 'nothing',
  summary:
    'Starts adding a passkey: creation options with a fresh challenge (single use, 5 minutes, tied to ' +
    'this session). At most 10 passkeys per user. Needs a step-up: a stolen session adds no passkey ' +
    '(the first one is confirmed by a code to the contact on file).',
  response: ceremonyOptions,
  stepUp: true,
});

export const registerPasskey = defineCall({
  name: 'registerPasskey',
  method: 'POST',
  path: `${CORE}/user/passkeys`,
  access: 'user',
  refusals: [422],
  reaches: 'nothing',
  summary:
    'Adds the passkey the browser made for the challenge of this session: a replayed, expired or ' +
    'foreign-origin answer is refused (422 passkey_ceremony_invalid) and written to the security events. ' +
    'Needs a step-up; the contacts on file are told ("Nuova passkey aggiunta").',
  stepUp: true,
  body: z.object({
    name: z.optional(line().check(z.trim(), z.maxLength(60))),
    credential: registrationCredentialSchema,
  }),
  response: passkeySchema,
});

export const listPasskeys = defineCall({
  name: 'listPasskeys',
  method: 'GET',
  path: `${CORE}/user/passkeys`,
  access: 'user',
  reaches: 'nothing',
  summary: 'The logged-in user’s passkeys, newest first: name, creation and last use.',
  response: z.array(passkeySchema),
});

export const deletePasskey = defineCall({
  name: 'deletePasskey',
  method: 'DELETE',
  path: `${CORE}/user/passkeys/:key`,
  access: 'user',
  reaches: { params: { key: 'passkey.key' } },
  summary: 'Removes one of the user’s passkeys (another user’s: 403); the password keeps working.',
  params: z.object({ key: passkeyKey }),
  response: z.object({ removed: z.literal(true) }),
});

export const passkeyLoginOptions = defineCall({
  name: 'passkeyLoginOptions',
  method: 'POST',
  path: `${CORE}/sessions/passkey/options`,
  access: 'session',
  reaches: 'nothing',
  summary: 'Starts a login with a passkey: request options with a fresh challenge tied to this session.',
  response: ceremonyOptions,
});

export const loginWithPasskey = defineCall({
  name: 'loginWithPasskey',
  method: 'POST',
  path: `${CORE}/sessions/passkey`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'Logs the session in with a passkey’s answer to this session’s challenge, as a password login ' +
    'does (rotated id, login history, new-device notice, ADR 012 limits per address).',
  body: z.object({ credential: authenticationCredentialSchema }),
  response: sessionSchema,
});

const stepUpChannel = z.enum(['email', 'phone']);

export const stepUpStatusSchema = z.object({
  /** Until when the calls marked `stepUp` are open to this session; null when they are not. */
  steppedUpUntil: z.nullable(isoInstant),
  hasPasskey: z.boolean(),
  /** The contacts on file a code can go to, masked. */
  channels: z.array(z.object({ channel: stepUpChannel, sentTo: z.string() })),
});

export const getStepUp = defineCall({
  name: 'getStepUp',
  method: 'GET',
  path: `${CORE}/user/step-up`,
  access: 'user',
  reaches: 'nothing',
  summary: 'How this session may prove its user again (passkey, contacts on file) and until when it has.',
  response: stepUpStatusSchema,
});

export const stepUpOptions = defineCall({
  name: 'stepUpOptions',
  method: 'POST',
  path: `${CORE}/user/step-up/passkey/options`,
  access: 'user',
  refusals: [422],
  reaches: 'nothing',
  summary: 'Request options for a step-up with one of the user’s passkeys (none: 422 step_up_no_passkey).',
  response: ceremonyOptions,
});

const steppedUp = z.object({ steppedUpUntil: isoInstant });

export const stepUpWithPasskey = defineCall({
  name: 'stepUpWithPasskey',
  method: 'POST',
  path: `${CORE}/user/step-up/passkey`,
  access: 'user',
  refusals: [422],
  reaches: 'nothing',
  summary: 'Step-up with the user’s passkey: the `stepUp` calls are open to this session for 5 minutes.',
  body: z.object({ credential: authenticationCredentialSchema }),
  response: steppedUp,
});

export const startStepUpCode = defineCall({
  name: 'startStepUpCode',
  method: 'POST',
  path: `${CORE}/user/step-up/code`,
  access: 'user',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'Sends a 4-digit code (10 minutes, single use, 5 tries) to the e-mail or mobile on file; at most ' +
    '5 codes an hour per user.',
  body: z.object({ channel: stepUpChannel }),
  response: z.object({ workflowId: z.string(), expiresAt: isoInstant, sentTo: z.string() }),
});

export const verifyStepUpCode = defineCall({
  name: 'verifyStepUpCode',
  method: 'POST',
  path: `${CORE}/user/step-up/code/verify`,
  access: 'user',
  refusals: [422],
  reaches: 'nothing',
  summary:
    'Step-up with the code sent: the `stepUp` calls are open to this session for 5 minutes. A wrong, ' +
    'used or expired code answers 422.',
  body: z.object({
    workflowId: line().check(z.trim(), z.minLength(1), z.maxLength(64)),
    code: line().check(z.trim(), z.maxLength(10, 'step_up_code_wrong')),
  }),
  response: steppedUp,
});

export const SECURITY_EVENT_KINDS = [
  'passkey_added',
  'passkey_removed',
  'passkey_login',
  'passkey_refused',
  'step_up_passed',
  'step_up_refused',
  'token_refused',
  'care_login_unlocked',
  'care_reset_link_sent',
  'care_sessions_ended',
  'care_contact_changed',
  'care_delegation_confirmed',
  'token_created',
  'delegation_revoked',
  'care_delegation_revoked',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const securityEventSchema = z.object({
  at: isoInstant,
  kind: z.enum(SECURITY_EVENT_KINDS),
  detail: z.nullable(z.string()),
});

export const listSecurityEvents = defineCall({
  name: 'listSecurityEvents',
  method: 'GET',
  path: `${CORE}/user/security-events`,
  access: 'user',
  reaches: 'nothing',
  summary: 'The latest 30 security events of the logged-in user (passkeys, step-ups), newest first.',
  response: z.array(securityEventSchema),
});
