// ERP metering calls (SPEC §7): readings, consumptions by tariff band, the self-reading window and
// the self-reading itself, and the hourly reference price (PUN quotations).
import * as z from 'zod/mini';
import { line, text } from '../text.js';
import { defineCall } from '../call.js';
import type { MessageCode } from '../messages.js';
import { calendarDate, isoDate, isoInstant } from '../models.js';
import { commoditySchema } from './erp-supplies.js';

const ERP = 'portalapi/Erp/v1';

const supplyKey = line().check(z.minLength(1), z.maxLength(64));

export const readingSourceSchema = z.enum(['self', 'distributor', 'estimated']);
export type ReadingSource = z.infer<typeof readingSourceSchema>;

export const readingSchema = z.object({
  id: z.string(),
  readingDate: isoDate,
  /** Who read the meter: the customer (self), the distributor, or an estimate. */
  source: readingSourceSchema,
  status: z.string(),
  /** Register values by channel (F1, F2, F3, F23, F0 or the gas/heat register). */
  values: z.record(z.string(), z.int()),
  /** The customer confirmed a value the plausibility check had flagged. */
  implausibleConfirmed: z.boolean(),
  /** The customer said the meter was replaced or rolled over (a value below the last one). */
  meterReplaced: z.boolean(),
  hasPhoto: z.boolean(),
  /** Why the supplier refused it (status `refused`), as the customer is told; null otherwise. */
  note: z.nullable(z.string()),
  createdAt: isoInstant,
});
export type Reading = z.infer<typeof readingSchema>;

export const registerSchema = z.object({
  /** ChannelTypeCode of the meter group's Misura. */
  channel: z.string(),
  unit: z.string(),
  lastValue: z.nullable(z.int()),
});

export const listReadings = defineCall({
  name: 'listReadings',
  method: 'GET',
  path: `${ERP}/readings`,
  access: 'user',
  reaches: { query: { supplyKey: ['supply.key', 'supply.id'] } },
  summary: 'Readings of a reachable supply since startDate (default two years back), newest first.',
  query: z.object({ supplyKey, startDate: z.optional(calendarDate) }),
  response: z.object({
    supplyKey: z.string(),
    commodity: commoditySchema,
    startDate: isoDate,
    readings: z.array(readingSchema),
  }),
});

export const GRANULARITIES = ['hour', 'day', 'month', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
/** F1/F2/F3 for most meters, F1/F23 for bi-hourly contracts (SPEC §9). */
/** Tariff bands, and 'TOT' for a meter charted from its single total (gas, heat, no hourly curve). */
export const CHART_BANDS = ['F1', 'F2', 'F3', 'F23', 'TOT'] as const;
export type ChartBand = (typeof CHART_BANDS)[number];

/** Widest range one answer covers, by granularity (days): bounds the work of one request. */
export const CONSUMPTION_MAX_DAYS: Record<Granularity, number> = {
  hour: 62,
  day: 400,
  month: 3700,
  year: 3700,
};

export const consumptionPointSchema = z.object({
  /** First instant of the period. */
  start: isoInstant,
  /** The period in Rome time: 'YYYY', 'YYYY-MM', 'YYYY-MM-DD' or 'YYYY-MM-DDTHH'. */
  period: z.string(),
  /** Thousandths of the unit (Wh for kWh, litres for Smc) by band. */
  milliUnits: z.record(z.string(), z.int()),
  /** Cost of the energy by band, integer cents, at the supply's offer (PUN + spread when hourly). */
  costCents: z.record(z.string(), z.int()),
});
export type ConsumptionPoint = z.infer<typeof consumptionPointSchema>;

export const getConsumptions = defineCall({
  name: 'getConsumptions',
  method: 'GET',
  path: `${ERP}/consumptions`,
  access: 'user',
  reaches: { query: { supplyKey: ['supply.key', 'supply.id'] } },
  summary: 'Consumption of a reachable supply from..to (Rome dates, to exclusive) by band, summed in SQL.',
  query: z.object({
    supplyKey,
    from: calendarDate,
    to: calendarDate,
    granularity: z.enum(GRANULARITIES),
  }),
  response: z.object({
    supplyKey: z.string(),
    commodity: commoditySchema,
    unit: z.enum(['kWh', 'Smc']),
    bands: z.array(z.enum(CHART_BANDS)),
    granularity: z.enum(GRANULARITIES),
    /**
     * The details this supply has data for: days and hours only where a smart meter sends its
     * curve (electricity); gas, heat and meters read by hand have months.
     */
    granularities: z.array(z.enum(GRANULARITIES)),
    from: isoDate,
    to: isoDate,
    /** The offer prices the energy hourly at the PUN (SPEC §4 hourly-price supply). */
    hourlyPrice: z.boolean(),
    points: z.array(consumptionPointSchema),
  }),
});

export const windowSchema = z.object({ opensOn: isoDate, closesOn: isoDate });

export const getReadingWindow = defineCall({
  name: 'getReadingWindow',
  method: 'GET',
  path: `${ERP}/metering/readingWindow`,
  access: 'link',
  reaches: { query: { supplyKey: ['supply.key', 'supply.id'] } },
  summary:
    'Whether the self-reading window of a supply is open, from when to when, the next one, the registers to fill and the last reading. A guest from that supply’s self-reading link may ask.',
  query: z.object({ supplyKey }),
  response: z.object({
    supplyKey: z.string(),
    commodity: commoditySchema,
    pointCode: z.string(),
    address: z.string(),
    open: z.boolean(),
    /** The open window, else null. */
    window: z.nullable(windowSchema),
    next: z.nullable(windowSchema),
    registers: z.array(registerSchema),
    lastReading: z.nullable(readingSchema),
    maxDigits: z.int(),
    photoMaxBytes: z.int(),
  }),
});

export type ReadingWindowAnswer = z.infer<typeof getReadingWindow.response>;

const registerValue = line({
  error: () => 'reading_digits_only' satisfies MessageCode,
}).check(z.maxLength(20, 'reading_too_many_digits' satisfies MessageCode));

export const insertReadings = defineCall({
  name: 'insertReadings',
  method: 'POST',
  path: `${ERP}/metering/insertReadings`,
  access: 'link',
  refusals: [422],
  reaches: { body: { supplyKey: ['supply.key', 'supply.id'] } },
  summary:
    'A self-reading: one value per register, in the open window. An implausible value is answered with a warning to confirm; a repeated submissionToken answers the reading already recorded.',
  body: z.object({
    supplyKey,
    /** Made once per filled form by the client: a double submit records one reading. */
    submissionToken: line().check(z.minLength(8), z.maxLength(64), z.regex(/^[A-Za-z0-9-]+$/)),
    /** Typed values by channel; checked by the server for a message per register. */
    values: z.record(line().check(z.minLength(1), z.maxLength(16)), registerValue),
    /** The customer confirms values the plausibility check flagged. */
    confirmImplausible: z._default(z.boolean(), false),
    /** The customer says the meter was replaced or rolled over: a value below the last is accepted. */
    meterReplaced: z._default(z.boolean(), false),
    photo: z.optional(
      z.object({
        contentType: line().check(z.maxLength(64)),
        /** Base64; the decoded size is bounded by the server (READING_PHOTO_MAX_BYTES). */
        data: text().check(z.maxLength(1_048_576, 'reading_photo_too_large' satisfies MessageCode)),
      }),
    ),
  }),
  response: z.object({
    /** saved: recorded (or recorded before with this submissionToken); confirm: nothing saved yet. */
    outcome: z.enum(['saved', 'confirm']),
    reading: z.nullable(readingSchema),
    warnings: z.array(
      z.object({
        channel: z.string(),
        consumption: z.int(),
        expected: z.int(),
      }),
    ),
  }),
});

export const QUOTATION_MAX_DAYS = 62;

export const quotationPriceSchema = z.object({
  start: isoInstant,
  /** Rome date and hour of the start. */
  date: isoDate,
  hour: z.int(),
  /** 60 for hourly prices; the model is open to quarter-hours (15). */
  minutes: z.int(),
  /** Thousandths of a euro per MWh. */
  milliEuroPerMwh: z.int(),
});

export const listQuotations = defineCall({
  name: 'listQuotations',
  method: 'GET',
  path: `${ERP}/quotations`,
  access: 'session',
  reaches: 'nothing',
  summary:
    'Hourly PUN prices between two Rome dates (end exclusive, tomorrow once published), with daily min/max/average and the monthly F1/F2/F3 averages.',
  query: z.object({
    quotationType: z.enum(['PUN']),
    detailLevel: z.enum(['Hour']),
    startDate: calendarDate,
    endDate: calendarDate,
  }),
  response: z.object({
    quotationType: z.literal('PUN'),
    detailLevel: z.literal('Hour'),
    prices: z.array(quotationPriceSchema),
    days: z.array(z.object({ date: isoDate, min: z.int(), max: z.int(), average: z.int(), hours: z.int() })),
    /** Averages by band of each month the range touches, over the whole month published so far. */
    months: z.array(
      z.object({ month: line(), F1: z.nullable(z.int()), F2: z.nullable(z.int()), F3: z.nullable(z.int()) }),
    ),
  }),
});
