// Market quotations: the hourly electricity reference price (PUN) of SPEC §7 quotations.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const quotations = pgTable(
  'quotations',
  {
    quotationType: text('quotation_type').notNull(),
    intervalStart: timestamp('interval_start', { withTimezone: true }).notNull(),
    /** Price in thousandths of a euro per MWh, to stay in integers. */
    priceMilliEuroPerMwh: integer('price_milli_euro_per_mwh').notNull(),
  },
  (t) => [primaryKey({ columns: [t.quotationType, t.intervalStart] })],
);
