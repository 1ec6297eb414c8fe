// Contracts, supplies, offers, meters, readings, consumptions and maintenance contracts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { customers } from './customers.js';

export const offers = pgTable('offers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  key: text('key').notNull().unique(),
  /** The key the ERP knows the offer by (useExtKey). */
  extKey: text('ext_key').notNull().unique(),
  companyCode: text('company_code')
    .notNull()
    .references(() => companies.code),
  name: text('name').notNull(),
  commodity: text('commodity').notNull(),
  /** 'Orario' means an hourly price (SPEC §3); others: 'Fisso', 'Variabile'. */
  priceType: text('price_type').notNull(),
  description: text('description'),
  /** Price components as shown to the customer (OfferPrice of the contract). */
  prices: jsonb('prices').$type<OfferPriceRow[]>().notNull().default([]),
  /** Main contract conditions, one per line. */
  conditions: text('conditions'),
  /**
   * The market the offer serves: 'libero', or a service by default ('tutele_graduali',
   * 'vulnerabilita'); the bill's front page names it (ADR 068).
   */
  market: text('market').notNull().default('libero'),
});

export interface OfferPriceRow {
  label: string;
  /** Thousandths of a euro per unit, to stay in integers (0.123 €/kWh = 123). */
  milliEuro: number;
  unit: 'kWh' | 'Smc' | 'month' | 'year' | 'kW';
  /** Hourly: the value is a spread over the hourly reference price (PUN). */
  hourly: boolean;
}

/** Postal address as SPEC §3 "Shipping address". */
export type ShippingAddress = {
  streetGeneric: string | null;
  streetName: string;
  civicNumber: string;
  civicNumberExt: string | null;
  city: string;
  province: string;
  postalCode: string;
  locality: string | null;
  istatCode: string | null;
  country: string;
  floor: string | null;
  building: string | null;
  flatNumber: string | null;
};

/** SEPA direct debit mandate on a contract. */
export type Banking = {
  iban: string;
  bic: string | null;
  holderName: string;
  holderFiscalCode: string;
  /** null when active; otherwise AttivazioneInCorso, VariazioneInCorso or RevocaInCorso. */
  state: string | null;
};

export const contracts = pgTable(
  'contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** Contract number shown to the customer. */
    number: text('number').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    banking: jsonb('banking').$type<Banking>(),
  },
  (t) => [index('contracts_customer_idx').on(t.customerId)],
);

export const supplies = pgTable(
  'supplies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    extKey: text('ext_key').notNull().unique(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    offerId: bigint('offer_id', { mode: 'number' }).references(() => offers.id),
    /** The last day the offer's economic conditions apply to this supply; null: no end fixed (ADR 068). */
    offerEndsOn: date('offer_ends_on'),
    /** electricity | gas | heat (district heating). */
    commodity: text('commodity').notNull(),
    /** POD for electricity, PDR for gas, plant code for district heating. */
    pointCode: text('point_code').notNull(),
    nickname: text('nickname'),
    status: text('status').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    locality: text('locality').notNull(),
    province: text('province').notNull(),
    istatCode: text('istat_code'),
    activationDate: date('activation_date').notNull(),
    deactivationDate: date('deactivation_date'),
    technicalData: jsonb('technical_data').$type<Record<string, string | number | null>>(),
  },
  (t) => [
    index('supplies_customer_idx').on(t.customerId),
    index('supplies_contract_idx').on(t.contractId),
    // Who an offer is shown to: the customers of the supplies under it (platform/reach/owners.ts).
    index('supplies_offer_idx').on(t.offerId),
    // The staff search finds a customer by POD/PDR (ADR 041).
    index('supplies_point_code_idx').on(t.pointCode),
  ],
);

export const meterGroups = pgTable('meter_groups', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  supplyId: bigint('supply_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => supplies.id),
  meterSerial: text('meter_serial').notNull(),
  fullCapacityStartDate: date('full_capacity_start_date'),
  /** Misure.Misura list, each with ChannelTypeCode (SPEC §3). */
  measures: jsonb('measures').$type<{ ChannelTypeCode: string; unit: string }[]>().notNull(),
});

export const readings = pgTable(
  'readings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    supplyId: bigint('supply_id', { mode: 'number' })
      .notNull()
      .references(() => supplies.id),
    readingDate: date('reading_date').notNull(),
    /** self | distributor | estimated */
    source: text('source').notNull(),
    status: text('status').notNull(),
    /** Register values by channel (F1, F2, F3 or the single gas/heat register). */
    values: jsonb('values').$type<Record<string, number>>().notNull(),
    /** Why the supplier refused the reading, as the customer is told (ADR 040); null otherwise. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('readings_supply_idx').on(t.supplyId, t.readingDate),
    // The care console's reading anomalies (ADR 042): self-readings not validated, few of millions.
    index('readings_self_unvalidated_idx')
      .on(t.supplyId)
      .where(sql`${t.source} = 'self' and ${t.status} <> 'validated'`),
  ],
);

/** Hourly consumption in watt-hours (electricity) or litres-equivalent units for gas/heat. */
export const consumptions = pgTable(
  'consumptions',
  {
    supplyId: bigint('supply_id', { mode: 'number' })
      .notNull()
      .references(() => supplies.id),
    intervalStart: timestamp('interval_start', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull(),
    band: text('band').notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplyId, t.intervalStart] })],
);

/**
 * `consumptions` summed per supply, Rome calendar day and band, kept by triggers of the database
 * (migration 0006, ADR 019): day, month and year charts read these instead of the hourly rows.
 */
export const consumptionDays = pgTable(
  'consumption_days',
  {
    supplyId: bigint('supply_id', { mode: 'number' })
      .notNull()
      .references(() => supplies.id),
    day: date('day').notNull(),
    band: text('band').notNull(),
    /** Sum of the hours' quantity. */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** Sum of quantity × the hour's PUN (Wh × milli€/MWh), for hourly-price offers; 0 for hours without PUN. */
    quantityPun: bigint('quantity_pun', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplyId, t.day, t.band] })],
);

export const maintenanceContracts = pgTable(
  'maintenance_contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    supplyId: bigint('supply_id', { mode: 'number' }).references(() => supplies.id),
    product: text('product').notNull(),
    status: text('status').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    nextVisitDate: date('next_visit_date'),
    annualFeeCents: integer('annual_fee_cents').notNull(),
  },
  (t) => [index('maintenance_customer_idx').on(t.customerId)],
);
