// Unilateral changes of an offer's prices, as notified to a customer (ADR 032, ADR 035): the supply
// and offer they concern, the notice sent (a message of the customer's), the day they apply, what
// changes, and the customer's own estimate as the notice gave it. The estimate is kept as sent: the
// notice is a letter, and every page shows the figure the letter carried.
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { messages } from './crm.js';
import { customers } from './customers.js';
import { offers, supplies, type OfferPriceRow } from './supply.js';

/** One price that changes: null on the old side for a new price, on the new side for one dropped. */
export interface PriceChangeRow {
  label: string;
  unit: OfferPriceRow['unit'];
  hourly: boolean;
  oldMilliEuro: number | null;
  newMilliEuro: number | null;
}

export const priceChanges = pgTable(
  'price_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The notice's reference (VAR-<year>-<6 hex>). */
    key: text('key').notNull().unique(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    supplyId: bigint('supply_id', { mode: 'number' })
      .notNull()
      .references(() => supplies.id),
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => offers.id),
    /** The notice as the customer received it; null only while it is being sent. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id),
    /** The day the notice was sent (Europe/Rome) and the day the new prices apply. */
    noticeOn: date('notice_on').notNull(),
    effectiveOn: date('effective_on').notNull(),
    changes: jsonb('changes').$type<PriceChangeRow[]>().notNull(),
    /** The use the estimate counted: thousandths of the supply's unit, over this many whole months. */
    usedMilliUnits: bigint('used_milli_units', { mode: 'number' }).notNull(),
    monthsCounted: integer('months_counted').notNull(),
    /** The yearly effect the notice told the customer, in cents; null when there was no use to estimate on. */
    yearlyEffectCents: integer('yearly_effect_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One notice per supply and day of change: the ERP asking twice sends it once.
    uniqueIndex('price_changes_supply_effective_idx').on(t.supplyId, t.effectiveOn),
    index('price_changes_customer_idx').on(t.customerId, t.effectiveOn),
  ],
);
