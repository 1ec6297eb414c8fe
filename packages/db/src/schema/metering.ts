// Self-reading windows of each supply and what the portal records about a self-reading beyond
// the reading itself (who sent it, the plausibility confirmation, the photo, the submission token).
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { documents } from './billing.js';
import { readings, supplies } from './supply.js';
import { users } from './core.js';

export const readingWindows = pgTable(
  'reading_windows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    supplyId: bigint('supply_id', { mode: 'number' })
      .notNull()
      .references(() => supplies.id),
    /** Rome dates, both days included. */
    opensOn: date('opens_on').notNull(),
    closesOn: date('closes_on').notNull(),
    /** When the customer was told the window opened (notify once). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** When the customer was told the window opens tomorrow (notify once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    index('reading_windows_supply_idx').on(t.supplyId, t.opensOn),
    index('reading_windows_opens_idx').on(t.opensOn),
  ],
);

export const readingSubmissions = pgTable(
  'reading_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    supplyId: bigint('supply_id', { mode: 'number' })
      .notNull()
      .references(() => supplies.id),
    /** Made once per filled form by the client: a second submit with it finds this row. */
    token: text('token').notNull(),
    readingId: bigint('reading_id', { mode: 'number' }).references(() => readings.id),
    /** The logged-in user who sent it; null for a guest from a self-reading link. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    viaLinkId: bigint('via_link_id', { mode: 'number' }),
    /** The plausibility check's verdict per flagged register, and that the customer confirmed it. */
    implausible: jsonb('implausible').$type<{ channel: string; consumption: number; expected: number }[]>(),
    implausibleConfirmed: boolean('implausible_confirmed').notNull().default(false),
    meterReplaced: boolean('meter_replaced').notNull().default(false),
    photoDocumentId: bigint('photo_document_id', { mode: 'number' }).references(() => documents.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reading_submissions_token_uq').on(t.supplyId, t.token),
    index('reading_submissions_reading_idx').on(t.readingId),
  ],
);

/**
 * "Nessun dato dal contatore" alerts sent: one row per supply and last day with data,
 * so each gap in the consumption feed is told once, whichever process finds it first.
 */
export const meterSilenceAlerts = pgTable(
  'meter_silence_alerts',
  {
    supplyId: bigint('supply_id', { mode: 'number' })
      .notNull()
      .references(() => supplies.id),
    /** The last Rome day with consumption data before the gap. */
    lastDataOn: date('last_data_on').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplyId, t.lastDataOn] })],
);
