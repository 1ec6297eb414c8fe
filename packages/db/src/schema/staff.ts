// The supplier's customer-care staff (ADR 041): accounts apart from customers, their second
// factors, their sessions and the append-only audit of everything they do.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const staffUsers = pgTable('staff_users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** operator | supervisor | administrator. */
  role: text('role').notNull(),
  /** The brands (company codes) whose customers this account reaches. */
  brands: text('brands')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A staff account's second factors. `totp` today (secret in base32, `last_step` the last time step
 * accepted, so a code opens once); a `passkey` row (credential id, public key, counter) comes later.
 */
export const staffFactors = pgTable(
  'staff_factors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffUserId: bigint('staff_user_id', { mode: 'number' })
      .notNull()
      .references(() => staffUsers.id),
    kind: text('kind').notNull(),
    secret: text('secret').notNull(),
    lastStep: bigint('last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_factors_user_idx').on(t.staffUserId)],
);

/** Staff sessions, apart from customers' (`sessions`): keyed by the id's hash, idle 15 min, 10 h at most. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffUserId: bigint('staff_user_id', { mode: 'number' })
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** How the session was opened: 'totp' (password and code) or 'passkey' (ADR 044). */
    loginFactor: text('login_factor').notNull().default('totp'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.staffUserId)],
);

/**
 * Refusals of callers nobody is signed in as, on the console's and the integration API's calls
 * (ADR 048): counted per surface, address and minute, never a row each, so an anonymous caller cannot
 * fill the audit (nor write a path of its choice into it).
 */
export const anonymousRefusals = pgTable(
  'anonymous_refusals',
  {
    /** staff | integration */
    surface: text('surface').notNull(),
    address: text('address').notNull(),
    /** The minute the refusals fell in (seconds cut off). */
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.surface, t.address, t.minute] })],
);

/**
 * Every staff session start, end and refusal and every staff action. Append-only: a trigger of the
 * migration refuses UPDATE, DELETE and TRUNCATE, and no call changes it.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffUserId: bigint('staff_user_id', { mode: 'number' }),
    /** The first characters of the session id's hash: which session, without anything usable. */
    sessionRef: text('session_ref'),
    action: text('action').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    address: text('address'),
  },
  (t) => [
    index('staff_audit_customer_idx').on(t.customerId, t.id),
    index('staff_audit_user_idx').on(t.staffUserId, t.id),
  ],
);
