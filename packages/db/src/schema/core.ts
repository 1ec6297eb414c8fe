// Brands, users, sessions and everything the Core API of SPEC §7 reads or writes.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { customers } from './customers.js';
import { staffUsers } from './staff.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    status: text('status').notNull(),
    type: text('type').notNull(),
    /** The user's own customer; null for delegates, agencies, leads and new registrations. */
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phoneMobile: text('phone_mobile'),
    userOptions: text('user_options').notNull().default('{}'),
    receiveCommercialNotifications: boolean('receive_commercial_notifications').notNull().default(false),
    receiveTechNotifications: boolean('receive_tech_notifications').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_company_username_idx').on(t.companyCode, sql`lower(${t.username})`),
    index('users_customer_idx').on(t.customerId),
  ],
);

/** A user reaching a customer that is not their own (delegate, agency). SPEC §6. */
export const delegations = pgTable(
  'delegations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** Active | Pending | Revoked (by the delegator, the care console or the ERP: ADR 047). */
    status: text('status').notNull(),
    /**
     * The delegator lets the delegate change what moves money (the direct debit's IBAN): off unless
     * the delegator turns it on, off again when the delegation ends (ADR 047).
     */
    mayChangeBanking: boolean('may_change_banking').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('delegations_user_customer_idx').on(t.userId, t.customerId),
    index('delegations_customer_idx').on(t.customerId),
  ],
);

/** Sessions are stored by the SHA-256 of their id, so a database leak reveals no usable id. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    locale: text('locale').notNull().default('it'),
    clientSpec: jsonb('client_spec'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** A guest session opened from a link reaches that link's target and nothing else (SPEC §6). */
    linkId: bigint('link_id', { mode: 'number' }).references((): AnyPgColumn => links.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * How the user's list of devices names the session, to end it (ADR 037): random, not the id nor
     * its hash, and useless without a session of the same user.
     */
    key: text('key')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** The User-Agent of the login (at most 512 characters): "Chrome su Windows" in the list. */
    userAgent: text('user_agent'),
    /**
     * When the session last proved its user again (a passkey or a one-time code, ADR 038): calls
     * marked `stepUp` are open for a few minutes after it.
     */
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true }),
    /** A staff's read-only view of the user's portal (ADR 043): never listed, never a login. */
    consultationId: bigint('consultation_id', { mode: 'number' }).references(
      (): AnyPgColumn => staffConsultations.id,
      { onDelete: 'cascade' },
    ),
    /**
     * A guest session's client address, hashed: an address holds a bounded number of guest sessions,
     * and a new one ends its oldest (never a refusal that would lock out everyone behind it).
     */
    guestAddressHash: text('guest_address_hash'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_guest_address_idx')
      .on(t.guestAddressHash, t.createdAt)
      .where(sql`${t.guestAddressHash} is not null`),
  ],
);

/**
 * The last logins and failed attempts of a user, with the device they came from (ADR 037): what
 * "Dispositivi e accessi" lists, and what tells a device never seen before. No address is kept.
 */
export const loginHistory = pgTable(
  'login_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** 'success' or 'wrong_password'. */
    outcome: text('outcome').notNull(),
    userAgent: text('user_agent'),
    /** Browser, system and kind of device, without versions (`deviceKey` of @sportello/domain). */
    deviceKey: text('device_key').notNull(),
  },
  (t) => [index('login_history_user_at_idx').on(t.userId, t.at)],
);

/**
 * A personal read-only token (ADR 037): for the customer's own tools (Home Assistant,
 * a script), shown once, only its SHA-256 kept; it reads consumption, readings, bills and prices of
 * the user's own customer until it expires (a year at most) or is revoked.
 */
export const personalTokens = pgTable(
  'personal_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Names the token in the list, to revoke it: not the token. */
    key: text('key').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('personal_tokens_user_idx').on(t.userId)],
);

/**
 * The single-use link of a 'Nuovo accesso al tuo account' notice that ends that login's session
 * (ADR 037): only the token's SHA-256 is kept; it dies with the session.
 */
export const sessionEndLinks = pgTable('session_end_links', {
  tokenHash: text('token_hash').primaryKey(),
  sessionIdHash: text('session_id_hash')
    .notNull()
    .references(() => sessions.idHash, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A one-time code that lets another tab, app or channel start a session of the same user (ADR 023):
 * only its SHA-256 is kept; it dies with the session that asked for it.
 */
export const sessionHandovers = pgTable('session_handovers', {
  codeHash: text('code_hash').primaryKey(),
  sessionIdHash: text('session_id_hash')
    .notNull()
    .references(() => sessions.idHash, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const devices = pgTable(
  'devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fbPushId: text('fb_push_id').notNull(),
    platform: text('platform'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('devices_user_push_idx').on(t.userId, t.fbPushId)],
);

/**
 * Entry links sent by mail, SMS or push. Only the SHA-256 of the link's token (its `hashCode` for the
 * client) is stored, so the table does not hand out usable links. One link, one target.
 */
export const links = pgTable('links', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  companyCode: text('company_code')
    .notNull()
    .references(() => companies.code),
  moduleId: integer('module_id').notNull(),
  entityKey: text('entity_key'),
  additionalParams: text('additional_params'),
  item: text('item'),
  customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    detail: text('detail'),
    acceptanceRequired: boolean('acceptance_required').notNull().default(false),
    active: boolean('active').notNull().default(true),
    readTime: timestamp('read_time', { withTimezone: true }),
    acceptedTime: timestamp('accepted_time', { withTimezone: true }),
    readingDate: timestamp('reading_date', { withTimezone: true }),
    confirmationDate: timestamp('confirmation_date', { withTimezone: true }),
    mnMsgId: text('mn_msg_id'),
    pushId: text('push_id'),
    /** The event that raised it (invoice, reading-window, payment, proposal, message); null for notices. */
    kind: text('kind'),
    /** The entry link sent with it, when there is one (push payload link.id). */
    linkId: bigint('link_id', { mode: 'number' }).references(() => links.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One-time-code workflows (email, phone checks of a user; a registration's code to a customer's contact
 * on file, owned by the customer, ADR 022). The code is stored hashed.
 */
export const otpWorkflows = pgTable('otp_workflows', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
  customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id, {
    onDelete: 'cascade',
  }),
  channel: text('channel').notNull(),
  target: text('target').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Local delivery of mail, SMS and push: what a real adapter would send, readable by a developer. */
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  /** The plain-text part of a mail, the text of an SMS or push. */
  body: text('body').notNull(),
  /** The HTML part, when the channel is mail. */
  html: text('html'),
  /** The headers a mail leaves with (From, Auto-Submitted). */
  headers: jsonb('headers').$type<Record<string, string>>(),
  /** Push data fields, when the channel is push. */
  data: jsonb('data').$type<Record<string, string>>(),
  /** The job's idempotency key: a retried job writes its message once. */
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: createdAt(),
});

/**
 * Background work (sending mail, push, SMS), polled by every server process with
 * FOR UPDATE SKIP LOCKED. A job is claimed by setting locked_until; a process that dies leaves the
 * lock to expire and another retries. The idempotency key makes enqueuing and delivering once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** pending | done | failed */
    status: text('status').notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** What the provider answered (its message id), once sent. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    // The console's "notifications sent" (ADR 045 §1): a customer's mail and SMS by recipient, its
    // users' push by device.
    index('jobs_to_idx').on(sql`(${t.payload}->>'to')`),
    index('jobs_device_idx')
      .on(sql`((${t.payload}->>'deviceId')::bigint)`)
      .where(sql`${t.kind} = 'push'`),
  ],
);

// The staff's read-only views of a customer's portal (ADR 043): who looked, when, why
// and until when. The row is written with its staff audit row before any data is shown; the customer
// reads them in the profile. The single-use code that opens the view lives here until it is spent.
// Beside the sessions, which name the view they are (a file of its own would import this one, and
// this one it).
export const staffConsultations = pgTable(
  'staff_consultations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** The customer's user whose portal is shown. */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffUserId: bigint('staff_user_id', { mode: 'number' })
      .notNull()
      .references(() => staffUsers.id),
    /** The operator's display name as it was: the record does not change when the account does. */
    staffName: text('staff_name').notNull(),
    /** The staff session that asked: only it may spend the code, and the view dies with it. */
    staffSessionHash: text('staff_session_hash').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The code's SHA-256 until it is spent (then null), and when it stops being accepted. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    /** When the code was spent and the portal shown. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_consultations_customer_idx').on(t.customerId, t.id),
    uniqueIndex('staff_consultations_code_idx').on(t.codeHash),
  ],
);
