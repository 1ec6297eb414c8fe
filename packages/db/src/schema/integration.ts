// The supplier's systems (ADR 036): machine clients with their hashed secrets, the key their
// tokens are signed with, every call they make, and what the ERP loaded, by its own key and version.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A machine client (OAuth 2.0 client credentials): what it may do (scopes) and to which brands. */
export const integrationClients = pgTable('integration_clients', {
  /** The client_id, `cli_` and 20 random characters. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  scopes: text('scopes').array().notNull(),
  /** Company codes the client may touch. */
  brands: text('brands').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/**
 * A client's secrets, argon2id-hashed as passwords are. Rotating adds a new one and gives the old ones
 * an end (`validUntil`), so the ERP can switch over without a gap.
 */
export const integrationClientSecrets = pgTable(
  'integration_client_secrets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => integrationClients.id),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null: valid until rotated. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (t) => [index('integration_client_secrets_client_idx').on(t.clientId)],
);

/** The key tokens are signed with (HS256), made once and shared by every process on the database. */
export const integrationSigningKeys = pgTable('integration_signing_keys', {
  kid: text('kid').primaryKey(),
  /** 32 random bytes, base64url. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every call of the integration API: which client, which route, what it was answered, when. */
export const integrationCalls = pgTable(
  'integration_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null when the caller could not be told (no token, a token that does not verify). */
    clientId: text('client_id'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_calls_client_idx').on(t.clientId, t.at)],
);

/**
 * What the ERP loaded, by brand, kind and the ERP's own key: the portal row it became and the source
 * version last applied, so an older version never overwrites a newer one.
 */
export const integrationRecords = pgTable(
  'integration_records',
  {
    companyCode: text('company_code').notNull(),
    /** customer | contract | supply | bill */
    kind: text('kind').notNull(),
    extKey: text('ext_key').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    /** The source's version (a change counter or epoch milliseconds): only a greater one applies. */
    version: bigint('version', { mode: 'number' }).notNull(),
    /**
     * The SHA-256 of the version's content as parsed (ADR 050): the same version sent again with
     * other content is refused (`version_reused`). Null for rows written before it was kept.
     */
    contentHash: text('content_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyCode, t.kind, t.extKey] }),
    // The ERP's key of a portal row (the events feed names the customer by it).
    index('integration_records_entity_idx').on(t.kind, t.entityId),
  ],
);

/**
 * The outbox of customer actions the supplier acts on (ADR 036): written in the same transaction as
 * the action. `position` is given when the feed first sees the row, under a lock and in id order, so a
 * row committed late still gets a position after every one a reader was already given: a cursor on
 * `position` never skips one.
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    position: bigint('position', { mode: 'number' }).unique(),
    companyCode: text('company_code').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    /** request.opened | selfReading.sent */
    kind: text('kind').notNull(),
    /** The key of what the event is about (the request's, the reading's). */
    entityKey: text('entity_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The care staff member whose action it is (ADR 050); null: the customer's own. */
    staffUserId: bigint('staff_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('integration_events_unpositioned_idx')
      .on(t.id)
      .where(sql`${t.position} is null`),
  ],
);

/**
 * A client's webhook (ADR 036): the brand's events POSTed to `url` in order, each signed with HMAC-SHA256
 * of its timestamp and body under `secret`; `position` is the last event it answered 2xx to.
 */
export const integrationWebhooks = pgTable('integration_webhooks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => integrationClients.id),
  companyCode: text('company_code').notNull(),
  url: text('url').notNull(),
  /** The signing key the receiver checks with; shown once when the webhook is added. */
  secret: text('secret').notNull(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by `webhook pause`: nothing is delivered (events wait at `position`) until `webhook resume`. */
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  /**
   * The delivery lease (ADR 048): the one delivery that may post this webhook's events until
   * `leaseUntil`, renewed after each event, so two processes never send the same event at once.
   */
  leasedBy: text('leased_by'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/**
 * The indexes and foreign keys an initial load into an empty brand set aside (ADR 046) until it builds
 * them again at its end: a load killed meanwhile leaves them here, and the next run builds them.
 */
export const integrationLoadIndexes = pgTable('integration_load_indexes', {
  name: text('name').primaryKey(),
  tableName: text('table_name').notNull(),
  /** index | foreign key */
  kind: text('kind').notNull(),
  /** The index's `create index` statement, or the foreign key's `foreign key (…) references …`. */
  definition: text('definition').notNull(),
});
