// Passkeys (WebAuthn), the challenges of their ceremonies, and the customer's security audit trail
// (ADR 038).
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core.js';

/** A user's passkey: the public key and counter WebAuthn verifies an assertion with. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Names the passkey to remove it (`PSK-…`): not the credential id, which the authenticator holds. */
    key: text('key').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url: what an assertion names. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator again ('internal', 'hybrid', 'usb'…). */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The customer's name for it ("iPhone di Mario"), else the device it was made on. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * A ceremony's challenge: random, kept only until its ceremony ends (taken by the statement that
 * reads it) or expires, tied to the session that asked for it. A replayed or late answer finds none.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** The challenge itself, base64url (256 random bits; it is public, like a nonce). */
    challenge: text('challenge').primaryKey(),
    /** 'register' | 'login' | 'step-up', a staff account's 'staff-register' | 'staff-login' (ADR 044) */
    purpose: text('purpose').notNull(),
    sessionIdHash: text('session_id_hash').notNull(),
    /** The user a registration or a step-up is for; null for a login (the passkey names the user). */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * The customer's security events (passkeys added, removed, used, refused; step-ups passed and
 * refused): what the user can be shown of their account's security. Other modules add kinds.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** What happened: `passkey_added`, `step_up_refused`… (audit module's SECURITY_EVENT_KINDS). */
    kind: text('kind').notNull(),
    /** A short detail (the passkey's name, why a ceremony was refused); never a secret. */
    detail: text('detail'),
    userAgent: text('user_agent'),
  },
  (t) => [index('security_events_user_at_idx').on(t.userId, t.at)],
);
