// Unilateral changes of an offer's prices (ADR 035, ADR 058): the notices a customer was sent, each
// with the day it was received and the day it applies, what changes, the customer's own yearly estimate
// and the last day to switch without charges, and the compensation a late one owes. The notice itself
// is a message of the customer's (erp-messages.ts). Sending one is the supplier's systems' (the
// integration API's price-change notices), not a call of the portal.
import * as z from 'zod/mini';
import { defineCall, idOrKey, idParam } from '../call.js';
import { isoDate } from '../models.js';
import { addressSchema, commoditySchema } from './erp-supplies.js';

const ERP = 'portalapi/Erp/v1';

export const priceUnitSchema = z.enum(['kWh', 'Smc', 'month', 'year', 'kW']);

export const priceChangeSchema = z.object({
  id: z.string(),
  /** The notice's reference. */
  key: z.string(),
  supply: z.object({
    id: z.string(),
    key: z.string(),
    commodity: commoditySchema,
    pointCode: z.string(),
    nickname: z.nullable(z.string()),
    address: addressSchema,
  }),
  offer: z.object({ extKey: z.string(), name: z.string() }),
  /** The day the notice was sent and the day the new prices apply. */
  noticeOn: isoDate,
  effectiveOn: isoDate,
  /** How it reached the holder (their contact e-mail, or a letter posted by the supplier). */
  medium: z.enum(['email', 'letter']),
  /** The day the holder received it (a letter's presumed day until its delivery is reported). */
  receivedOn: isoDate,
  /**
   * A notice received later than the rule allows for `effectiveOn` (Codice di condotta commerciale
   * art. 13-14): the automatic compensation and the bill it was credited on (null until it is).
   */
  lateCompensation: z.nullable(
    z.object({
      amountCents: z.int(),
      invoice: z.nullable(z.object({ key: z.string(), number: z.string() })),
    }),
  ),
  /** The customer may switch supplier or offer without charges until this day (the eve of effectiveOn). */
  penaltyFreeUntil: isoDate,
  /** Each price that changes, in thousandths of a euro per unit; null: a price added or dropped. */
  changes: z.array(
    z.object({
      label: z.string(),
      unit: priceUnitSchema,
      /** A spread over the hourly PUN rather than a price of its own. */
      hourly: z.boolean(),
      oldMilliEuro: z.nullable(z.int()),
      newMilliEuro: z.nullable(z.int()),
    }),
  ),
  /**
   * The customer's own estimate as the notice gave it (@sportello/domain estimateUnilateralChange):
   * the use of the twelve whole months before the notice, scaled to a year when fewer had a figure;
   * null when there was no use to estimate on.
   */
  estimate: z.nullable(
    z.object({
      yearlyEffectCents: z.int(),
      /** The use counted and its unit, over [from, to). */
      quantity: z.number(),
      unit: z.enum(['kWh', 'Smc']),
      monthsCounted: z.int(),
      /** The VAT rate the yearly effect includes; null: a notice of before, VAT excluded. */
      vatPercent: z.nullable(z.number()),
      from: isoDate,
      to: isoDate,
    }),
  ),
  /** The notice as a message of the customer's (null only while it is being sent). */
  message: z.nullable(z.object({ id: z.string(), key: z.string() })),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

const answer = z.object({ priceChanges: z.array(priceChangeSchema) });

export const listPriceChanges = defineCall({
  name: 'listPriceChanges',
  method: 'GET',
  path: `${ERP}/priceChanges`,
  access: 'user',
  reaches: { query: { customerKey: ['customer.key', 'customer.id'] } },
  summary:
    'The price changes notified to a reachable customer that have not applied yet, soonest first (the dashboard).',
  query: z.object({ customerKey: idOrKey }),
  response: answer,
});

export const listSupplyPriceChanges = defineCall({
  name: 'listSupplyPriceChanges',
  method: 'GET',
  path: `${ERP}/supplies/:id/priceChanges`,
  access: 'user',
  reaches: { params: { id: ['supply.id', 'supply.key'] } },
  summary:
    'The price changes notified for a reachable supply that have not applied yet, soonest first (the supply page).',
  params: idParam,
  response: answer,
});
