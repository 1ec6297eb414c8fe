// "I tuoi dati" (GDPR articles 15 and 20, ADR 039): the archive of everything the portal holds about
// a user's customer, built by the jobs queue, kept 7 days, then emptied by a sweep (the row stays, so
// the list and a late download can say "scaduto").
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { users } from './core.js';

export const dataArchives = pgTable(
  'data_archives',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Names the archive in the list and the download call: random, not its id. */
    key: text('key').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's own customer when the archive was asked for; null for a user without one. */
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    /** 'preparing', 'ready', 'expired' (content deleted by the sweep) or 'failed'. */
    status: text('status').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** Set when ready: 7 days later the sweep deletes the content. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sizeBytes: integer('size_bytes'),
    /** The ZIP, as the documents table keeps PDFs. */
    contentBase64: text('content_base64'),
  },
  (t) => [
    index('data_archives_user_idx').on(t.userId, t.requestedAt),
    // One archive in preparation at a time per user: a second request conflicts in the database.
    uniqueIndex('data_archives_one_preparing_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'preparing'`),
    index('data_archives_expires_idx').on(t.expiresAt),
  ],
);
