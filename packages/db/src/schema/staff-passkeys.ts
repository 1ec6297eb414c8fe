// Staff passkeys (ADR 044): a staff account's WebAuthn credentials, apart from the
// customers' (`passkeys`), so neither kind of passkey can open the other kind of session.
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff.js';

export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Names the passkey to remove it (`SPK-…`). */
    key: text('key').notNull().unique(),
    staffUserId: bigint('staff_user_id', { mode: 'number' })
      .notNull()
      .references(() => staffUsers.id),
    /** The credential id, base64url: what an assertion names. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The operator's name for it, else the device it was made on. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('staff_passkeys_user_idx').on(t.staffUserId)],
);
