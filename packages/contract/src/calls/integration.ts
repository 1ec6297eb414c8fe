// The supplier's systems (issue 27, ADR 036): calls made by machine clients with a bearer token
// (OAuth 2.0 client credentials), each with the scope it needs and the brand it names in its path.
// They have their own OpenAPI document (/services/rest/integration/openapi.json) and are walked by
// the machine access suite (server/test/contract-access-machine.test.ts).
// Records are keyed by the ERP's own keys and carry the source's version: a PUT loads one, a batch
// POST loads NDJSON (one record a line) and answers one result per line.
import * as z from 'zod/mini';
import { defineCall, type IntegrationScope } from '../call.js';
import { calendarDate, customerTypeSchema, isoInstant } from '../models.js';
import type { MessageCode } from '../messages.js';
import { line, text } from '../text.js';
import { commoditySchema, shippingAddressSchema } from './erp-supplies.js';

const V1 = 'integration/v1';

/** The token call (not a contract call: OAuth 2.0 form or JSON, its own answer shape). */
export const TOKEN_PATH = `/services/rest/${V1}/oauth/token`;
/** The integration calls' own OpenAPI document. */
export const INTEGRATION_OPENAPI_PATH = `/services/rest/integration/openapi.json`;
/** The body type of a batch call: one JSON record a line. */
export const NDJSON = 'application/x-ndjson';
/** Lines a batch takes at most (a bigger load is split by the sender). */
export const BATCH_MAX_LINES = 1000;

/**
 * An ERP key: letters, digits and `._-/`, not digits alone (a portal id is digits alone, and the
 * reach check's owner cache must not confuse the two: ADR 027, 036).
 */
export const extKey = line().check(
  z.regex(/^[A-Za-z0-9._/-]{1,64}$/),
  z.refine((v) => !/^\d+$/.test(v), { error: 'ext_key_digits_only' }),
);

/** The source's version of a record: a change counter or epoch milliseconds; only a greater one applies. */
const version = z.int().check(z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER));

const name = (max: number) => line().check(z.trim(), z.minLength(1), z.maxLength(max));
const optional = (max: number) => z._default(z.nullable(line().check(z.trim(), z.maxLength(max))), null);

/**
 * A supply's technical data as its sheet shows it (web's TechnicalData labels the keys it knows:
 * `contractualPowerKw`, `voltage`, `meterClass`, …): a flat map, at most 30 entries.
 */
export const technicalDataSchema = z
  .record(
    line().check(z.regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/)),
    z.nullable(z.union([line().check(z.maxLength(200)), z.number()])),
  )
  .check(z.refine((v) => Object.keys(v).length <= 30));

/** A supply's meter and the channels it measures (registers F1…F3, a gas register, the hourly curve). */
export const meterSchema = z.object({
  serial: name(40),
  /** When a 2G electricity meter began measuring every quarter of an hour; null: not (yet) one. */
  fullCapacityStartDate: z._default(z.nullable(calendarDate), null),
  channels: z
    .array(z.object({ code: line().check(z.regex(/^[A-Z0-9]{1,12}$/)), unit: name(10) }))
    .check(z.minLength(1), z.maxLength(12)),
});

export const supplyRecord = z.object({
  extKey,
  commodity: commoditySchema,
  /** POD, PDR or plant code. */
  pointCode: name(32),
  address: name(200),
  postalCode: line().check(z.regex(/^\d{5}$/)),
  locality: name(100),
  province: line().check(z.length(2), z.toUpperCase()),
  activationDate: calendarDate,
  deactivationDate: z._default(z.nullable(calendarDate), null),
  /** The ERP's key of the brand's offer the supply is on (an offer record loaded before); null: none. */
  offerExtKey: z._default(z.nullable(extKey), null),
  technicalData: z._default(z.nullable(technicalDataSchema), null),
  /** The supply's meter; a newer version with null removes it. */
  meter: z._default(z.nullable(meterSchema), null),
});

/**
 * A SEPA direct debit mandate on a contract: the IBAN is checked as the portal's bank-account request
 * checks it (a SEPA country's account, its check digits, the Italian CIN), the BIC when given.
 */
export const directDebitSchema = z.object({
  iban: name(42),
  bic: z._default(z.nullable(line().check(z.trim(), z.maxLength(11))), null),
  holderName: name(200),
  /** A person's 16-character code or a company's 11 digits. */
  holderFiscalCode: line().check(
    z.trim(),
    z.regex(/^([A-Za-z0-9]{16}|\d{11})$/, 'invalid_holder_fiscal_code' satisfies MessageCode),
  ),
});

export const contractRecord = z.object({
  extKey,
  number: name(32),
  name: name(120),
  startDate: calendarDate,
  endDate: z._default(z.nullable(calendarDate), null),
  shippingAddress: z._default(z.nullable(shippingAddressSchema), null),
  /** The contract's SEPA mandate; null: its bills are paid by notice. */
  directDebit: z._default(z.nullable(directDebitSchema), null),
  supplies: z._default(z.array(supplyRecord).check(z.maxLength(50)), []),
});

/** A customer with its contracts and their supplies, as the CRM knows them. */
export const customerRecord = z.object({
  version,
  /** The client code printed on bills, unique in the brand. */
  customerCode: name(32),
  customerType: customerTypeSchema,
  name: name(200),
  firstName: optional(100),
  lastName: optional(100),
  fiscalCode: optional(16),
  vatNumber: optional(11),
  email: optional(200),
  phoneMobile: optional(20),
  phoneHome: optional(20),
  contracts: z._default(z.array(contractRecord).check(z.maxLength(50)), []),
});
export type CustomerRecord = z.output<typeof customerRecord>;

const billLine = z.object({
  label: name(200),
  quantity: optional(40),
  /**
   * On a line priced per unit, the billed quantity in the commodity's unit (kWh, Smc): the bill's
   * front page reads the quantity billed and the average price per unit from the energy section's.
   */
  units: z.optional(z.number().check(z.nonnegative(), z.lte(1_000_000_000))),
  amountCents: z.int(),
});
const billSection = z.object({
  title: name(120),
  lines: z.array(billLine).check(z.minLength(1), z.maxLength(100)),
  /** Must be the sum of its lines: one figure per fact (ADR 024). */
  totalCents: z.int(),
});

/** A bill with its sections; its amount is their sum (ADR 024), never sent on its own. */
export const billRecord = z.object({
  version,
  /** The ERP's key of the contract the bill is for: loaded before (a customer record). */
  contractExtKey: extKey,
  number: name(40),
  /** 1 bolletta, 2 di chiusura, 4 nota di credito, 5 rata, 9 ricalcolo, 31 conguaglio. */
  invoiceTypeCode: z._default(z.int().check(z.positive(), z.lte(99)), 1),
  issueDate: calendarDate,
  dueDate: calendarDate,
  periodStart: z._default(z.nullable(calendarDate), null),
  periodEnd: z._default(z.nullable(calendarDate), null),
  sections: z.array(billSection).check(z.minLength(1), z.maxLength(30)),
  /** What is still owed; unless given, the unpaid installments' sum, or the whole amount. */
  outstandingCents: z.optional(z.int().check(z.nonnegative())),
  /**
   * The bill's installment plan, numbered 1…n in order, adding up to the bill's amount; a newer
   * version replaces it. The bill is then due, as a whole, by its last installment.
   */
  installments: z._default(
    z
      .array(
        z.object({
          number: z.int().check(z.gte(1), z.lte(36)),
          dueDate: calendarDate,
          amountCents: z.int().check(z.positive(), z.lte(100_000_000)),
          /** The day it was paid (to the supplier, elsewhere); null: still to pay. */
          paidOn: z._default(z.nullable(calendarDate), null),
        }),
      )
      .check(z.maxLength(36)),
    [],
  ),
});
export type BillRecord = z.output<typeof billRecord>;

/** The most a bill's PDF weighs. */
export const BILL_PDF_MAX_BYTES = 5 * 1024 * 1024;
/** The body type of a bill's PDF. */
export const PDF = 'application/pdf';

/**
 * A bill's PDF as the call takes it: an `application/pdf` body is handed to the call as its base64
 * (as a batch's NDJSON is handed over as its lines); a JSON body `{ request: { contentBase64 } }` too.
 */
export const billPdfBody = z.object({
  contentBase64: line().check(
    z.maxLength(Math.ceil(BILL_PDF_MAX_BYTES / 3) * 4),
    z.regex(/^[A-Za-z0-9+/]*={0,2}$/),
  ),
});

/** Ways a payment reaches the supplier outside the portal. */
export const COLLECTION_CHANNELS = ['bank', 'post', 'directDebit'] as const;

/**
 * A payment collected elsewhere (bank transfer, post office, direct debit), keyed by the ERP's key:
 * it lowers what the bill still owes. A newer version with `returned` (a direct debit the bank sent
 * back) owes it again; a corrected amount moves what is owed by the difference.
 */
export const paymentRecord = z.object({
  version,
  /** The ERP's key of the bill it pays: loaded before. */
  billExtKey: extKey,
  amountCents: z.int().check(z.positive(), z.lte(100_000_000)),
  collectedOn: calendarDate,
  channel: z.enum(COLLECTION_CHANNELS),
  returned: z._default(z.boolean(), false),
});
export type PaymentRecord = z.output<typeof paymentRecord>;

/** A register's name (F1, F2, F3, F0, TOT…) and its value. */
const registerValues = z
  .record(line().check(z.regex(/^[A-Za-z0-9]{1,8}$/)), z.int().check(z.nonnegative(), z.lte(999_999_999)))
  .check(z.refine((v) => Object.keys(v).length > 0 && Object.keys(v).length <= 12));

/**
 * A meter reading: the distributor's (actual) or an estimate, validated or refused; or the ERP's
 * verdict on a self-reading the customer sent (`selfReadingKey`, the feed's `entityKey` of its
 * `selfReading.sent` event). A refusal says why in `message`, which the customer is told.
 */
export const readingRecord = z.object({
  version,
  /** The ERP's key of the supply: loaded before. */
  supplyExtKey: extKey,
  readingDate: calendarDate,
  source: z.enum(['distributor', 'estimated', 'self']),
  status: z.enum(['validated', 'refused']),
  /** Required unless the record is a verdict on a self-reading (whose values the customer gave). */
  values: z._default(z.nullable(registerValues), null),
  selfReadingKey: z._default(z.nullable(line().check(z.regex(/^READING-\d{1,15}$/))), null),
  message: optional(500),
});
export type ReadingRecord = z.output<typeof readingRecord>;

/** The states of a request, as the portal's Pratiche shows them. */
export const REQUEST_STATUSES = ['Aperto', 'InLavorazione', 'Chiuso', 'Annullato'] as const;

/**
 * The phase and outcome of a request the portal opened (its key is the feed's `entityKey` of its
 * `request.opened` event); `note` is told to the customer with the change.
 */
export const requestPhaseRecord = z.object({
  version,
  status: z.enum(REQUEST_STATUSES),
  phaseCode: z._default(z.nullable(line().check(z.regex(/^[A-Za-z0-9_-]{1,16}$/))), null),
  note: optional(1000),
});
export type RequestPhaseRecord = z.output<typeof requestPhaseRecord>;

/** The answer to a complaint (its key is the receipt the customer was given, RCL-…). */
export const complaintAnswerRecord = z.object({
  version,
  answer: line().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  answeredAt: isoInstant,
});
export type ComplaintAnswerRecord = z.output<typeof complaintAnswerRecord>;

/** The longest a reading window lasts: the distributor's windows are days, never months. */
export const READING_WINDOW_MAX_DAYS = 31;

/**
 * When a supply's self-reading is welcome (the distributor's window, both days included, Rome dates):
 * the reading page shows it and the customer is reminded the day before and told the day it opens.
 * A newer version that moves the days tells the customer again.
 */
export const readingWindowRecord = z
  .object({
    version,
    supplyExtKey: extKey,
    opensOn: calendarDate,
    closesOn: calendarDate,
  })
  .check(
    z.refine(
      (w) => {
        const days = (Date.parse(w.closesOn) - Date.parse(w.opensOn)) / 86_400_000;
        return days >= 0 && days < READING_WINDOW_MAX_DAYS;
      },
      { message: 'reading_window_invalid', path: ['closesOn'] },
    ),
  );
export type ReadingWindowRecord = z.output<typeof readingWindowRecord>;

/** Intervals of a curve or a price list: an hour, or a quarter of an hour. */
export const RESOLUTIONS = ['PT60M', 'PT15M'] as const;

/**
 * A supply's consumption over one Rome calendar day, an interval a value (Wh for electricity), from
 * the day's first: 24 hourly values (23 or 25 on the days clocks change) or four times as many
 * quarters. The ERP's key names the supply and the day (a newer version replaces that day).
 */
export const curveRecord = z.object({
  version,
  supplyExtKey: extKey,
  day: calendarDate,
  resolution: z.enum(RESOLUTIONS),
  quantities: z
    .array(z.int().check(z.nonnegative(), z.lte(100_000_000)))
    .check(z.minLength(23), z.maxLength(100)),
});
export type CurveRecord = z.output<typeof curveRecord>;

/** The markets a price list is of: GME's PUN Index and the zones of the day-ahead market. */
export const PRICE_MARKETS = ['PUN', 'NORD', 'CNOR', 'CSUD', 'SUD', 'CALA', 'SICI', 'SARD'] as const;

/**
 * A market's prices over one Rome calendar day, an interval a value, in thousandths of a euro per
 * MWh (integers), as curves are laid out. The hourly PUN is what the charts' € and hourly offers read.
 */
export const priceRecord = z.object({
  version,
  market: z.enum(PRICE_MARKETS),
  day: calendarDate,
  resolution: z.enum(RESOLUTIONS),
  prices: z
    .array(z.int().check(z.gte(-10_000_000), z.lte(100_000_000)))
    .check(z.minLength(23), z.maxLength(100)),
});
export type PriceRecord = z.output<typeof priceRecord>;

/** Units an offer's price component is per (SPEC §3 OfferPrice). */
export const OFFER_PRICE_UNITS = ['kWh', 'Smc', 'month', 'year', 'kW'] as const;

/**
 * An offer of the brand's catalogue with its prices, as the offers page and an offer's sheet show
 * them; a newer version replaces its name, description, prices and conditions.
 */
export const offerRecord = z.object({
  version,
  name: name(120),
  commodity: commoditySchema,
  /** `Orario`: the energy price follows the hourly PUN (SPEC §3). */
  priceType: z.enum(['Fisso', 'Variabile', 'Orario']),
  description: optional(1000),
  prices: z
    .array(
      z.object({
        label: name(120),
        /** Thousandths of a euro per unit (0,123 €/kWh → 123). */
        milliEuro: z.int().check(z.gte(-10_000_000), z.lte(100_000_000)),
        unit: z.enum(OFFER_PRICE_UNITS),
        /** A spread over the hour's PUN rather than a price of its own. */
        hourly: z._default(z.boolean(), false),
      }),
    )
    .check(z.minLength(1), z.maxLength(30)),
  /** The main conditions, one a line. */
  conditions: z._default(z.array(name(500)).check(z.maxLength(30)), []),
});
export type OfferRecord = z.output<typeof offerRecord>;

/** The supplier's own message to a customer, shown in Messaggi; its first load notifies the customer. */
export const messageRecord = z.object({
  version,
  /** The ERP's key of the customer: loaded before. */
  customerExtKey: extKey,
  title: name(200),
  body: text().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  category: z._default(name(40), 'Comunicazioni'),
});
export type MessageRecord = z.output<typeof messageRecord>;

/**
 * A proposal the customer may accept or refuse (SPEC §4), shown within its dates; its first load
 * notifies the customer. Once the customer has answered, the ERP's versions no longer change it.
 */
export const proposalRecord = z.object({
  version,
  /** The ERP's key of the customer, and of the contract it changes (theirs), loaded before. */
  customerExtKey: extKey,
  contractExtKey: z._default(z.nullable(extKey), null),
  title: name(200),
  description: text().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  startDate: z._default(z.nullable(calendarDate), null),
  endDate: z._default(z.nullable(calendarDate), null),
  /** The price shown before the customer confirms: energy in millionths of a euro per unit, fee a month. */
  price: z._default(
    z.nullable(
      z.object({
        energyMicroEuro: z.int().check(z.nonnegative(), z.lte(100_000_000)),
        unit: z.enum(['kWh', 'Smc']),
        fixedFeeCentsPerMonth: z.int().check(z.nonnegative(), z.lte(10_000_000)),
      }),
    ),
    null,
  ),
  effectiveDate: z._default(z.nullable(calendarDate), null),
});
export type ProposalRecord = z.output<typeof proposalRecord>;

/**
 * What loading one record did: `created`, `updated` (a newer version), `unchanged` (the same version
 * again: a replay), `stale` (an older version: nothing written), or `refused` with a code and message.
 */
export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'stale', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const importResult = z.object({
  extKey: z.nullable(z.string()),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The version now held (after `stale`: the newer one kept). */
  version: z.nullable(z.number()),
  /** A refusal's code (`invalid_input`, `unknown_contract`, …) and its Italian message. */
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.optional(z.string()), message: z.string() }))),
});
export type ImportResult = z.output<typeof importResult>;

export const batchResult = z.object({
  /** One per line of the body, in order; `line` counts from 1. */
  results: z.array(z.extend(importResult, { line: z.number() })),
  counts: z.record(z.enum(IMPORT_OUTCOMES), z.number()),
});
export type BatchResult = z.output<typeof batchResult>;

/**
 * A batch's body as the server hands it to the call: the NDJSON lines, unparsed. Each line is its own
 * result, its record checked by its own schema (whose strings are `line()`s): a bare string here, so a
 * bad line refuses itself and not the batch.
 */
export const batchBody = z.object({
  lines: z.array(z.string()).check(z.maxLength(BATCH_MAX_LINES, 'batch_too_long')),
});

/** The token call's body (RFC 6749 §4.4), as a form or JSON; the credentials may come as HTTP Basic instead. */
export const tokenRequest = z.object({
  grant_type: line().check(z.maxLength(64)),
  client_id: z.optional(line().check(z.maxLength(64))),
  client_secret: z.optional(line().check(z.maxLength(256))),
  scope: z.optional(line().check(z.maxLength(256))),
});

/** The token call's answer (RFC 6749 §5.1), not in the envelope: what OAuth clients read. */
export const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds. */
  expires_in: z.number(),
  scope: z.string(),
});

const brandParam = z.object({ brand: line().check(z.regex(/^[a-z]{2,8}$/)) });
const recordParams = z.object({ brand: brandParam.shape.brand, extKey });

const machine = <S extends IntegrationScope>(scope: S) => ({ access: 'machine' as const, scope });
const brandReach = { params: { brand: 'brand.code' } } as const;

export const putCustomer = defineCall({
  name: 'integrationPutCustomer',
  method: 'PUT',
  path: `${V1}/brands/:brand/customers/:extKey`,
  ...machine('crm:write'),
  reaches: brandReach,
  summary: "Loads one customer with its contracts and supplies by the ERP's key (idempotent, versioned).",
  refusals: [422],
  params: recordParams,
  body: customerRecord,
  response: importResult,
});

export const importCustomers = defineCall({
  name: 'integrationImportCustomers',
  method: 'POST',
  path: `${V1}/brands/:brand/customers`,
  ...machine('crm:write'),
  reaches: brandReach,
  summary: `Loads customers from NDJSON (${NDJSON}): one customer record with its "extKey" a line, one result a line.`,
  params: brandParam,
  body: batchBody,
  response: batchResult,
});

export const putBill = defineCall({
  name: 'integrationPutBill',
  method: 'PUT',
  path: `${V1}/brands/:brand/bills/:extKey`,
  ...machine('billing:write'),
  reaches: brandReach,
  summary:
    "Loads one bill with its sections by the ERP's key (idempotent, versioned); a new bill notifies the customer.",
  refusals: [422],
  params: recordParams,
  body: billRecord,
  response: importResult,
});

export const putBillPdf = defineCall({
  name: 'integrationPutBillPdf',
  method: 'PUT',
  path: `${V1}/brands/:brand/bills/:extKey/pdf`,
  ...machine('billing:write'),
  reaches: brandReach,
  summary: `Stores the PDF of a bill loaded before (${PDF}, at most 5 MB, starting with %PDF-; or JSON with its base64): the customer's download serves it. Sending it again replaces it.`,
  // An unknown bill (or another brand's), a body that is not a PDF.
  refusals: [422],
  params: recordParams,
  body: billPdfBody,
  response: importResult,
});

export const importBills = defineCall({
  name: 'integrationImportBills',
  method: 'POST',
  path: `${V1}/brands/:brand/bills`,
  ...machine('billing:write'),
  reaches: brandReach,
  summary: `Loads bills from NDJSON (${NDJSON}): one bill record with its "extKey" a line, one result a line.`,
  params: brandParam,
  body: batchBody,
  response: batchResult,
});

/**
 * A kind loaded by the ERP's key: its PUT (one record) and its batch POST (NDJSON, one a line), with
 * the same results, codes and versions as every other kind.
 */
function recordCalls<R extends z.ZodMiniType>(def: {
  name: string;
  plural: string;
  path: string;
  scope: IntegrationScope;
  record: R;
  what: string;
}) {
  return {
    put: defineCall({
      name: `integrationPut${def.name}`,
      method: 'PUT',
      path: `${V1}/brands/:brand/${def.path}/:extKey`,
      ...machine(def.scope),
      reaches: brandReach,
      summary: `Loads ${def.what} by its key (idempotent, versioned).`,
      // A record its rules refuse (an unknown reference, a moved owner): the record's code.
      refusals: [422],
      params: recordParams,
      body: def.record,
      response: importResult,
    }),
    batch: defineCall({
      name: `integrationImport${def.plural}`,
      method: 'POST',
      path: `${V1}/brands/:brand/${def.path}`,
      ...machine(def.scope),
      reaches: brandReach,
      summary: `Loads ${def.plural.toLowerCase()} from NDJSON (${NDJSON}): one record with its "extKey" a line, one result a line.`,
      params: brandParam,
      body: batchBody,
      response: batchResult,
    }),
  };
}

const paymentCalls = recordCalls({
  name: 'Payment',
  plural: 'Payments',
  path: 'payments',
  scope: 'billing:write',
  record: paymentRecord,
  what: 'a payment collected elsewhere, which lowers what its bill owes,',
});
export const putPayment = paymentCalls.put;
export const importPayments = paymentCalls.batch;

const readingCalls = recordCalls({
  name: 'Reading',
  plural: 'Readings',
  path: 'readings',
  scope: 'metering:write',
  record: readingRecord,
  what: "a meter reading, or the verdict on a customer's self-reading (a refusal tells the customer),",
});
export const putReading = readingCalls.put;
export const importReadings = readingCalls.batch;

const requestPhaseCalls = recordCalls({
  name: 'RequestPhase',
  plural: 'RequestPhases',
  path: 'requests',
  scope: 'crm:write',
  record: requestPhaseRecord,
  what: "a request's phase and outcome, by the portal's request key (shown in Pratiche, told to the customer),",
});
export const putRequestPhase = requestPhaseCalls.put;
export const importRequestPhases = requestPhaseCalls.batch;

const complaintAnswerCalls = recordCalls({
  name: 'ComplaintAnswer',
  plural: 'ComplaintAnswers',
  path: 'complaints',
  scope: 'crm:write',
  record: complaintAnswerRecord,
  what: "a complaint's answer, by its receipt key (told to the customer),",
});
export const putComplaintAnswer = complaintAnswerCalls.put;
export const importComplaintAnswers = complaintAnswerCalls.batch;

const readingWindowCalls = recordCalls({
  name: 'ReadingWindow',
  plural: 'ReadingWindows',
  path: 'reading-windows',
  scope: 'metering:write',
  record: readingWindowRecord,
  what: "a supply's window for self-readings (the reading page shows it; the customer is reminded),",
});
export const putReadingWindow = readingWindowCalls.put;
export const importReadingWindows = readingWindowCalls.batch;

const curveCalls = recordCalls({
  name: 'Curve',
  plural: 'Curves',
  path: 'curves',
  scope: 'metering:write',
  record: curveRecord,
  what: "a supply's hourly or 15-minute consumption over a day (the charts read it),",
});
export const putCurve = curveCalls.put;
export const importCurves = curveCalls.batch;

/**
 * A market's prices are no brand's: every brand shows them. Loaded outside the brands, with a scope of
 * their own, one version per market and day (the key is `<market>-<day>`, e.g. PUN-2026-11-30).
 */
export const putPrices = defineCall({
  name: 'integrationPutPrices',
  method: 'PUT',
  path: `${V1}/market/prices/:extKey`,
  ...machine('market:write'),
  reaches: 'nothing',
  summary:
    "Loads a market's hourly or 15-minute prices over a day (PUN Index GME or a zone), every brand's, by its key `<market>-<day>` (idempotent, versioned).",
  refusals: [422],
  params: z.object({ extKey }),
  body: priceRecord,
  response: importResult,
});
export const importPriceLists = defineCall({
  name: 'integrationImportPriceLists',
  method: 'POST',
  path: `${V1}/market/prices`,
  ...machine('market:write'),
  reaches: 'nothing',
  summary: `Loads market prices, every brand's, from NDJSON (${NDJSON}): one record with its "extKey" (\`<market>-<day>\`) a line, one result a line.`,
  body: batchBody,
  response: batchResult,
});

const offerCalls = recordCalls({
  name: 'Offer',
  plural: 'Offers',
  path: 'offers',
  scope: 'crm:write',
  record: offerRecord,
  what: "an offer of the brand's catalogue with its prices (the offers page shows it),",
});
export const putOffer = offerCalls.put;
export const importOffers = offerCalls.batch;

const messageCalls = recordCalls({
  name: 'Message',
  plural: 'Messages',
  path: 'messages',
  scope: 'crm:write',
  record: messageRecord,
  what: 'a message to a customer (shown in Messaggi; the first load notifies them by their channels),',
});
export const putMessage = messageCalls.put;
export const importMessages = messageCalls.batch;

const proposalCalls = recordCalls({
  name: 'Proposal',
  plural: 'Proposals',
  path: 'proposals',
  scope: 'crm:write',
  record: proposalRecord,
  what: 'a proposal the customer may accept or refuse (notified on its first load; never reopened once answered),',
});
export const putProposal = proposalCalls.put;
export const importProposals = proposalCalls.batch;

/**
 * Each event kind's payload (ADR 040): the outbox checks a payload against its kind's schema when the
 * event is written, and the feed and the webhooks carry it as documented here.
 */
export const EVENT_PAYLOADS = {
  /** A request the customer opened in the portal; `requestKey` is the key its phase is loaded by. */
  'request.opened': z.object({
    requestKey: z.string(),
    requestType: z.string(),
    status: z.string(),
    description: z.nullable(z.string()),
    contractId: z.nullable(z.number()),
    /** What the request's form gave (its shape is the request type's). */
    details: z.nullable(z.record(z.string(), z.unknown())),
  }),
  /** A self-reading the customer sent; the event's `entityKey` (READING-…) is the verdict's `selfReadingKey`. */
  'selfReading.sent': z.object({
    supplyExtKey: z.nullable(z.string()),
    pointCode: z.string(),
    readingDate: z.string(),
    values: z.record(z.string(), z.number()),
    meterReplaced: z.boolean(),
    implausible: z.nullable(
      z.array(z.object({ channel: z.string(), consumption: z.number(), expected: z.number() })),
    ),
  }),
  /** A complaint filed in the portal (logged in or not); `complaintKey` is the receipt its answer is loaded by. */
  'complaint.filed': z.object({
    complaintKey: z.string(),
    category: z.string(),
    pointCode: z.nullable(z.string()),
    /** The bill it disputes, by its number, when it names one. */
    invoiceNumber: z.nullable(z.string()),
    /** The regulatory answer deadline (ARERA TIQV), a Rome calendar day. */
    dueDate: z.string(),
    /** Whether collecting the disputed bill is suspended meanwhile. */
    suspendsCollection: z.boolean(),
    channel: z.enum(['user', 'guest']),
  }),
  /** A payment made in the portal that the gateway confirmed: what it paid, bill by bill. */
  'payment.settled': z.object({
    paymentKey: z.string(),
    amountCents: z.number(),
    paidAt: z.string(),
    bills: z.array(z.object({ invoiceNumber: z.string(), amountCents: z.number() })),
  }),
  /** The customer's answer to an offer proposal. */
  'proposal.answered': z.object({
    proposalKey: z.string(),
    action: z.enum(['accepted', 'rejected']),
    answeredAt: z.string(),
  }),
  /** An account opened in the portal by the customer (holder), with the consents given then. */
  'customer.registered': z.object({
    username: z.string(),
    privacyCompany: z.boolean(),
    privacyOthers: z.boolean(),
  }),
  /** A contact changed after the customer proved it with a one-time code: the new value. */
  'contact.changed': z.object({
    contact: z.enum(['email', 'phoneMobile']),
    value: z.string(),
  }),
  /** The customer's consents (marketing by the supplier, by third parties) or home phone as now set. */
  'consent.changed': z.object({
    privacyCompany: z.nullable(z.boolean()),
    privacyOthers: z.nullable(z.boolean()),
    phoneHome: z.nullable(z.string()),
  }),
  /** A delegation asked of this customer was granted or refused by them; `delegate` is the user's name. */
  'delegation.decided': z.object({
    workflowId: z.string(),
    delegate: z.string(),
    outcome: z.enum(['granted', 'refused']),
  }),
} as const;
export type EventKind = keyof typeof EVENT_PAYLOADS;
export type EventPayload<K extends EventKind> = z.input<(typeof EVENT_PAYLOADS)[K]>;
/** The customer actions feed's kinds. */
export const EVENT_KINDS = Object.keys(EVENT_PAYLOADS) as EventKind[];

const feedEventBase = z.object({
  /** Pass it back as `after` to read what follows. */
  cursor: z.string(),
  occurredAt: z.string(),
  /** The customer: the portal's key, the client code, and the ERP's key when the ERP loaded it. */
  customer: z.object({ key: z.string(), code: z.string(), extKey: z.nullable(z.string()) }),
  /** What the event is about: the request's key, the reading's. */
  entityKey: z.string(),
});
const feedEventOf = <K extends EventKind>(kind: K) =>
  z.extend(feedEventBase, { kind: z.literal(kind), payload: EVENT_PAYLOADS[kind] });

/** One event of the feed (and one webhook's body): its kind says its payload's shape. */
export const feedEvent = z.discriminatedUnion('kind', [
  feedEventOf('request.opened'),
  feedEventOf('selfReading.sent'),
  feedEventOf('complaint.filed'),
  feedEventOf('payment.settled'),
  feedEventOf('proposal.answered'),
  feedEventOf('customer.registered'),
  feedEventOf('contact.changed'),
  feedEventOf('consent.changed'),
  feedEventOf('delegation.decided'),
]);
export type FeedEvent = z.output<typeof feedEvent>;

export const listEvents = defineCall({
  name: 'integrationListEvents',
  method: 'GET',
  path: `${V1}/brands/:brand/events`,
  ...machine('events:read'),
  reaches: brandReach,
  summary:
    "The brand's customer actions (requests opened, self-readings sent, complaints filed, payments settled, proposals answered, registrations, contact, consent and delegation changes) after a cursor, oldest first; `next` is the cursor to ask with next time.",
  params: brandParam,
  query: z.object({
    after: z.optional(line().check(z.regex(/^\d{1,15}$/))),
    limit: z.optional(line().check(z.regex(/^([1-9]\d{0,2}|1000)$/))),
  }),
  response: z.object({
    events: z.array(feedEvent),
    /** The cursor of the last event given (or the one asked with); null before the first. */
    next: z.nullable(z.string()),
    /** More events wait after `next`. */
    more: z.boolean(),
  }),
});
