// Unilateral changes of an offer's prices, as notified to a customer (ADR 035, ADR 058): the supply
// and offer they concern, the notice sent (a message of the customer's, and its e-mail or letter),
// the day the customer received it and the day the change applies, what changes, and the customer's
// own estimate as the notice gave it. The estimate is kept as sent: the notice is a letter, and every
// page shows the figure the letter carried. Whether it was late follows from the dates (domain).
import {
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { invoices } from './billing.js';
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
    /**
     * The durable medium it reached the holder on: `email` to the customer's contact e-mail, `letter`
     * posted by the supplier's systems (ADR 058).
     */
    medium: text('medium').$type<'email' | 'letter'>().notNull(),
    /**
     * The day the holder received it, from which the notice period counts: the e-mail's day, a letter's
     * presumed day, or the day the supplier's systems report it was delivered.
     */
    receivedOn: date('received_on').notNull(),
    changes: jsonb('changes').$type<PriceChangeRow[]>().notNull(),
    /** The use the estimate counted: thousandths of the supply's unit, over this many whole months. */
    usedMilliUnits: bigint('used_milli_units', { mode: 'number' }).notNull(),
    monthsCounted: integer('months_counted').notNull(),
    /** The yearly effect the notice told the customer, in cents; null when there was no use to estimate on. */
    yearlyEffectCents: integer('yearly_effect_cents'),
    /** The VAT rate the yearly effect includes; null: a notice sent before it did (VAT excluded). */
    vatPercent: doublePrecision('vat_percent'),
    /** The bill a late notice's automatic compensation was credited on, once it is. */
    compensationInvoiceId: bigint('compensation_invoice_id', { mode: 'number' }).references(
      () => invoices.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One notice per supply and day of change: the ERP asking twice sends it once.
    uniqueIndex('price_changes_supply_effective_idx').on(t.supplyId, t.effectiveOn),
    index('price_changes_customer_idx').on(t.customerId, t.effectiveOn),
  ],
);
