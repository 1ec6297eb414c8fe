// The supplier's systems (ADR 036): calls made by machine clients with a bearer token
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
import { BILL_MARKETS, billToPaySchema } from './erp-invoices.js';
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

/**
 * Zero-width characters and direction marks (ZWSP, ZWNJ, ZWJ, LRM, RLM, ALM, word joiner, BOM): `line()`
 * already refuses bidi overrides, but these are invisible too and make two names that look the same
 * differ (a customer found by one and not the other, a duplicate the search cannot see).
 */
const INVISIBLE = /[\u200B-\u200F\u061C\u2060\uFEFF]/;
/**
 * U+FFFD: what a decoder puts for bytes that were not UTF-8. An NDJSON line or a JSON body with it
 * was sent in another encoding, and its names would be stored mangled.
 */
const REPLACEMENT = '\uFFFD';
const decoded = z.refine<string>((v) => !v.includes(REPLACEMENT), {
  error: 'invalid_utf8' satisfies MessageCode,
});
/** A one-line string of a record: nothing a decoder replaced, no invisible character. */
const recordLine = () =>
  line().check(
    decoded,
    z.refine<string>((v) => !INVISIBLE.test(v), { error: 'invisible_characters' satisfies MessageCode }),
  );
/** A multi-line text of a record (a message's body): nothing a decoder replaced. */
const recordText = () => text().check(decoded);

const name = (max: number) => recordLine().check(z.trim(), z.minLength(1), z.maxLength(max));
const optional = (max: number) =>
  z._default(z.nullable(recordLine().check(z.trim(), z.maxLength(max))), null);

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
  /** The last day the offer's economic conditions apply to this supply (its bill prints it); null: no end fixed. */
  offerEndsOn: z._default(z.nullable(calendarDate), null),
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

/** The most a bill's FatturaPA XML weighs (ADR 067): a bill's is tens of kilobytes. */
export const BILL_XML_MAX_BYTES = 1024 * 1024;

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
  /**
   * The electronic invoice the bill is (ADR 067): every Italian bill is a FatturaPA sent through the
   * Sistema di Interscambio, and the portal's PDF is its courtesy copy. `xml` is the FatturaPA document
   * as text (root `FatturaElettronica`, at most 1 MB, no DOCTYPE or entity); `sdiId` the
   * IdentificativoSdI the SdI gave it (null until its receipt arrives). A newer version without it keeps
   * the one held.
   */
  eInvoice: z.optional(
    z.object({
      sdiId: z._default(z.nullable(line().check(z.regex(/^\d{1,18}$/))), null),
      xml: z
        .string()
        .check(decoded, z.maxLength(BILL_XML_MAX_BYTES, 'bill_xml_too_large' satisfies MessageCode)),
    }),
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
    z.maxLength(Math.ceil(BILL_PDF_MAX_BYTES / 3) * 4, 'bill_pdf_too_large' satisfies MessageCode),
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

/**
 * The answer to a complaint (its key is the receipt the customer was given, RCL-…) and, for a billing
 * complaint, its rectification: `rectified` with the day the bill was corrected, or `not_due` (the bill
 * was right), sent with the answer or in a later version with the same answer (TIQV's second clock).
 */
export const complaintAnswerRecord = z.object({
  version,
  answer: recordLine().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  answeredAt: isoInstant,
  rectification: z._default(
    z.nullable(z.object({ outcome: z.enum(['rectified', 'not_due']), at: isoInstant })),
    null,
  ),
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

/** An offer's prices, each per its unit (an offer's, and a price change's new ones). */
const offerPrices = z
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
  .check(z.minLength(1), z.maxLength(30));

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
  prices: offerPrices,
  /** The main conditions, one a line. */
  conditions: z._default(z.array(name(500)).check(z.maxLength(30)), []),
  /**
   * The market the offer serves, which its bills name: `libero`, or a service for customers who chose
   * no offer (`tutele_graduali` for electricity, `vulnerabilita` for vulnerable customers).
   */
  market: z._default(z.enum(BILL_MARKETS), 'libero'),
});
export type OfferRecord = z.output<typeof offerRecord>;

/** The most a message's PDF attachment weighs. */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Its base64 may run a little past that, so a PDF just over the limit is refused by its decoded size
 * (`message_attachment_too_large`, 422) rather than by the text's length.
 */
const MESSAGE_ATTACHMENT_BASE64_MAX = Math.ceil((MESSAGE_ATTACHMENT_MAX_BYTES * 1.1) / 3) * 4;

/** The supplier's own message to a customer, shown in Messaggi; its first load notifies the customer. */
export const messageRecord = z.object({
  version,
  /** The ERP's key of the customer: loaded before. */
  customerExtKey: extKey,
  title: name(200),
  body: recordText().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  category: z._default(name(40), 'Comunicazioni'),
  /**
   * A PDF for the customer to download from the message (at most 2 MB: `message_attachment_too_large`),
   * rewritten before it is kept as files others send are (ADR 055): `message_attachment_invalid` when
   * it is not a readable PDF.
   */
  attachment: z._default(
    z.nullable(
      z.object({
        fileName: name(120).check(z.regex(/\.[pP][dD][fF]$/)),
        contentBase64: line().check(
          z.maxLength(MESSAGE_ATTACHMENT_BASE64_MAX, 'message_attachment_too_large' satisfies MessageCode),
          z.regex(/^[A-Za-z0-9+/]*={0,2}$/),
        ),
      }),
    ),
    null,
  ),
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
  description: recordText().check(z.trim(), z.minLength(1), z.maxLength(4000)),
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
 * A unilateral change of a supply's offer prices (Codice di condotta commerciale art. 13, ADR 058): the
 * supply, the offer's new prices and the first day they apply. The portal counts the notice period as
 * the rule does — three months (one when every price goes down) from the first day of the month after
 * the holder receives it — and refuses a sooner day (`price_change_late`, the earliest allowed in the
 * field's message). It writes the notice (the customer's own estimate, VAT included) and sends it to
 * the holder's contact e-mail, or, without one, asks the ERP to post it (`priceChange.letterRequested`,
 * received 10 days after posting unless `deliveredOn` says otherwise). `deliveredOn`, first or in a newer
 * version: the day the holder received a letter the ERP posted (then the portal sends nothing); one
 * received too late owes the automatic compensation (`priceChange.compensationOwed`), which the ERP
 * credits on a bill and names in `compensationBillExtKey`. A newer version may not change the supply,
 * the prices or the day: the notice was sent (`price_change_sent`).
 */
export const priceChangeRecord = z.object({
  version,
  /** The ERP's key of the supply: loaded before, with an offer. */
  supplyExtKey: extKey,
  /** The offer's prices from `effectiveOn`: those that differ from today's are the change. */
  prices: offerPrices,
  effectiveOn: calendarDate,
  deliveredOn: z._default(z.nullable(calendarDate), null),
  compensationBillExtKey: z._default(z.nullable(extKey), null),
});
export type PriceChangeRecord = z.output<typeof priceChangeRecord>;

/**
 * Every code the integration API refuses with (ADR 036, 040, 051), with the HTTP status a call answers
 * it with and when. A batch answers a record's refusal on its line (`outcome: "refused"`, `code`,
 * `errors[]` with each field's path and code), a PUT with that status. Field codes (`errors[].code`) sit
 * under `invalid_input`: the record's own checks, one per field. The integration OpenAPI document and
 * the README's integration section list them; a test holds both, and the module's code, to this list.
 */
export const REFUSAL_CODES = {
  // The caller and the body.
  token_missing: [401, 'no bearer token'],
  token_invalid: [401, 'a token that is not ours, or forged'],
  token_expired: [401, 'a token past its 10 minutes'],
  invalid_client: [401, 'the token call: wrong client id or secret'],
  unsupported_grant_type: [400, 'the token call: a grant other than client_credentials'],
  too_many_attempts: [429, 'the token call: too many wrong secrets for the client id or address'],
  scope_missing: [403, "the token lacks the call's scope"],
  forbidden: [403, 'a brand the client may not touch'],
  invalid_json: [400, 'a body that is not JSON, or empty'],
  unsupported_media_type: [415, 'a Content-Type the call does not take'],
  body_too_large: [413, "a PUT's body past the server's limit"],
  batch_too_large: [413, 'a batch past 8 MB of NDJSON (or the JSON limit)'],
  batch_too_long: [400, 'a batch of more than 1,000 lines'],
  bill_pdf_too_large: [413, "a bill's PDF past 5 MB"],
  bill_pdf_invalid: [422, "a bill's PDF that does not start with %PDF-"],
  // A bill's electronic invoice (eInvoice, ADR 067).
  bill_xml_too_large: [422, "a bill's FatturaPA XML past 1 MB"],
  bill_xml_invalid: [
    422,
    "a bill's XML that is not well formed, or whose root is not FatturaPA's FatturaElettronica, or that is not one invoice",
  ],
  bill_xml_doctype: [422, "a bill's XML with a DOCTYPE or an entity declaration (refused, never expanded)"],
  bill_xml_total_mismatch: [
    422,
    "a bill's XML whose ImportoTotaleDocumento is not the bill's amount (its sections' sum)",
  ],
  // A line or a record.
  invalid_line: [422, 'an NDJSON line that is not JSON'],
  invalid_utf8: [422, 'a line (or, as a field code, a text) that was not UTF-8'],
  ext_key_missing: [422, 'a line without a valid extKey'],
  invalid_input: [
    400,
    "a record its schema or its field checks refuse (400 by PUT for the schema's, 422 for the checks'); each field in errors[] with its code",
  ],
  // Field codes under invalid_input.
  ext_key_digits_only: [400, 'field: an ERP key of digits alone'],
  invisible_characters: [400, 'field: zero-width characters or direction marks in a name or text'],
  invalid_email: [422, "field: an e-mail the portal's check refuses"],
  invalid_mobile_phone: [422, 'field: not an Italian mobile number'],
  invalid_phone: [422, 'field: not a phone number'],
  invalid_fiscal_code: [
    422,
    "field: a fiscal code whose check character or date is wrong (a person's 16 or a company's 11)",
  ],
  invalid_vat_number: [422, 'field: a VAT number whose check digit or office is wrong'],
  invalid_holder_fiscal_code: [422, "field: a mandate holder's fiscal code, as fiscalCode"],
  invalid_iban: [422, "field: a mandate's IBAN that is no IBAN"],
  iban_not_sepa: [422, "field: a mandate's IBAN outside SEPA"],
  iban_wrong_length: [422, "field: a mandate's IBAN of the wrong length for its country"],
  iban_wrong_check_digits: [422, "field: a mandate's IBAN whose check digits are wrong"],
  iban_wrong_cin: [422, 'field: an Italian IBAN whose CIN is wrong'],
  invalid_bic: [422, "field: a mandate's BIC"],
  reading_window_invalid: [
    400,
    'field: a reading window that closes before it opens, or lasts 31 days or more',
  ],
  // Customers, contracts, supplies.
  customer_code_taken: [422, "the client code is another customer's of the brand"],
  contract_moved: [422, "a contract (or a bill's contract) that is another customer's"],
  supply_moved: [422, "a supply that is another contract's or customer's"],
  ext_key_taken: [
    422,
    'a supply or offer key another row holds (supply keys are global; bill keys are per brand)',
  ],
  unknown_offer: [422, "a supply's offer not loaded in the brand"],
  offer_commodity_mismatch: [422, "a supply's offer of another commodity"],
  point_code_taken: [422, "a POD/PDR another customer's supply of the brand is on over the same days"],
  point_code_duplicated: [
    422,
    'a POD/PDR on two supplies of the customer over the same days (a supply left out of a newer version is kept: end it with its deactivationDate)',
  ],
  // Bills and payments.
  unknown_contract: [422, "a bill's (or proposal's) contract not loaded in the brand"],
  section_total_mismatch: [422, "a bill section's total that is not the sum of its lines"],
  bill_due_before_issue: [422, 'a bill due before it is issued'],
  bill_negative_not_credit_note: [422, 'a negative bill that is not a credit note (invoiceTypeCode 4)'],
  bill_number_taken: [422, 'a bill number another bill of the brand carries'],
  bill_line_offer_mismatch: [
    200,
    "warning (the bill is written): an energy line that is not the offer box's price × its quantity, in `warnings` and the bill.offerMismatch event",
  ],
  installments_numbering: [422, 'installments not numbered 1…n in order'],
  installments_total_mismatch: [422, "installments that do not add up to the bill's amount"],
  installments_payment_open: [422, 'a new plan while the customer is paying an installment in the portal'],
  unknown_bill: [422, "a payment's (or PDF's) bill not loaded in the brand"],
  payment_moved: [422, 'a payment sent again for another bill'],
  // Readings, curves, requests, complaints, messages, proposals.
  unknown_supply: [422, "a reading's, window's or curve's supply not loaded in the brand"],
  unknown_reading: [422, 'a verdict on a self-reading the supply does not have'],
  reading_moved: [422, 'a reading sent again for another supply'],
  reading_window_moved: [422, 'a reading window sent again for another supply'],
  reading_values_missing: [422, "a distributor's or estimated reading without values"],
  reading_refusal_message_missing: [422, 'a refused reading without the reason for the customer'],
  curve_length_mismatch: [422, "a curve's or price list's values not one an interval of the day"],
  curve_on_gas: [422, "an hourly curve on a gas supply's PDR"],
  curve_on_heat: [422, 'an hourly curve on a district-heating supply'],
  price_key_mismatch: [422, "a market's prices whose key is not <market>-<YYYY-MM-DD>"],
  unknown_request: [422, "a request key the brand's portal did not open"],
  unknown_complaint: [422, "a complaint key the brand's portal did not receive"],
  unknown_customer: [
    422,
    "a message's or proposal's customer (or a revoked delegation's) not loaded in the brand",
  ],
  delegation_not_found: [422, 'a delegation to revoke that the customer has not given, or no longer'],
  message_moved: [422, 'a message sent again for another customer'],
  proposal_moved: [422, 'a proposal sent again for another customer'],
  proposal_contract_mismatch: [422, "a proposal's contract of another customer"],
  // Price-change notices.
  price_change_no_offer: [422, 'a price change of a supply that has no offer'],
  price_change_nothing: [422, "a price change whose prices are the offer's in force"],
  price_change_unit: [422, "a price change's price per use in another unit than the supply's"],
  price_change_late: [
    422,
    'a price change sooner than its notice allows (3 months, 1 for a cut, from the first of the month after receipt)',
  ],
  price_change_exists: [422, 'another notice of a change of the same supply from the same day'],
  price_change_sent: [422, 'a newer version of a notice that changes its supply, prices or day'],
  price_change_bill_mismatch: [422, "a compensation's bill of another customer"],
  proposal_answered_by_customer: [
    422,
    'a newer version of a proposal the customer has answered (409 when withdrawing it)',
  ],
  message_attachment_too_large: [422, "a message's PDF attachment past 2 MB"],
  message_attachment_invalid: [422, "a message's attachment that is not a readable PDF"],
  // Reading back, cancelling and withdrawing (ADR 056).
  record_not_found: [404, 'reading back, cancelling or withdrawing a key the brand does not hold'],
  bill_cancelled: [422, 'a newer version of, or a payment on, a bill the ERP cancelled'],
  bill_already_cancelled: [409, 'cancelling a bill already cancelled'],
  bill_paid_needs_credit_note: [
    409,
    'cancelling a bill something was paid on without a credit note (creditNoteExtKey)',
  ],
  bill_payment_pending: [409, 'cancelling a bill whose payment in the portal the gateway is confirming'],
  credit_note_invalid: [
    422,
    "a cancellation's credit note that is not a credit note (type 4) of the bill's customer in the brand",
  ],
  already_withdrawn: [409, 'withdrawing a message or proposal already withdrawn'],
  record_withdrawn: [422, 'a newer version of a message or proposal the ERP withdrew'],
  // Conflicts (ADR 050): answered 200 with `outcome: "conflict"`, nothing written.
  version_reused: [200, 'conflict: a version sent again with other content; send it with a new version'],
  complaint_already_answered: [
    200,
    'conflict: another answer to a complaint already answered (by the care staff or earlier)',
  ],
  request_ended_by_staff: [200, 'conflict: another status for a request the care staff closed or cancelled'],
  contact_proven_in_portal: [
    200,
    'conflict: another e-mail or mobile than the one the customer (or the care staff with them) proved in the portal with a one-time code; send the one of contact.changed',
  ],
  // Brands and the reconciliation (ADR 057).
  brand_code_invalid: [400, 'field: a brand code that is not 2–8 lowercase letters'],
  brand_code_taken: [409, 'a brand with this code exists: nothing created'],
  reconcile_period_invalid: [400, 'field: a period that ends before it starts or lasts more than a year'],
  reconcile_key_out_of_range: [422, "a record of the ERP's page outside the page's range (after, through]"],
  complaint_already_rectified: [
    200,
    'conflict: another rectification outcome or day for a complaint whose rectification is recorded (by the care staff or earlier)',
  ],
  complaint_rectification_not_due_here: [
    422,
    'a rectification for a complaint whose category has no rectification clock',
  ],
} as const satisfies Partial<Record<MessageCode, readonly [number, string]>>;

/**
 * What loading one record did: `created`, `updated` (a newer version), `unchanged` (the same version
 * with the same content again: a replay), `stale` (an older version: nothing written), `refused` with
 * a code and message, or `conflict` (ADR 050: nothing written either): the same version with other
 * content (`version_reused`), or a write over what the portal owns, such as a complaint the care staff
 * answered or a request they closed (`changedBy` says who, `version` is the one still held).
 */
export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'stale', 'refused', 'conflict'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/**
 * Who last changed what a `conflict` refused to overwrite: the care staff (who, when), the customer in
 * the portal (a contact proven by a one-time code: the portal user's username, when) or the ERP itself.
 */
export const changedBy = z.object({
  by: z.enum(['staff', 'customer', 'erp']),
  /** The staff member's id (null otherwise) and username (the portal user's for the customer; null for the ERP). */
  staffId: z.nullable(z.string()),
  username: z.nullable(z.string()),
  at: z.nullable(z.string()),
});
export type ChangedBy = z.output<typeof changedBy>;

export const importResult = z.object({
  extKey: z.nullable(z.string()),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The version now held (after `stale` and `conflict`: the one kept; null: none from the ERP yet). */
  version: z.nullable(z.number()),
  /**
   * A payment collected beyond what its bill owed: the excess in cents, kept as the customer's credit
   * (the bill is paid, the customer is told once). Absent when there is none.
   */
  creditCents: z.optional(z.number()),
  /** A refusal's or conflict's code (`invalid_input`, `unknown_contract`, `version_reused`, …) and its Italian message. */
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  /** Each field refused: its path in the record (`contracts.0.supplies.1.pointCode`), its code and message. */
  errors: z.optional(
    z.array(z.object({ field: z.optional(z.string()), code: z.optional(z.string()), message: z.string() })),
  ),
  /** After a `conflict` over the portal's own work: who changed it (ADR 050). */
  changedBy: z.optional(changedBy),
  /**
   * What was written but looks wrong (ADR 065): a bill's energy line its offer box contradicts
   * (`bill_line_offer_mismatch`), each with its path, code and message. Absent when there is none.
   */
  warnings: z.optional(z.array(z.object({ field: z.string(), code: z.string(), message: z.string() }))),
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

/**
 * The supplier revokes a delegation the customer gave (ADR 047), as the holder and the care staff can:
 * from the next call the delegate reaches nothing of the customer (every client code under the same
 * tax code), and the holder and the delegate are both told. The customer by the ERP's key in the brand,
 * the delegation by the delegate's username.
 */
export const revokeDelegation = defineCall({
  name: 'integrationRevokeDelegation',
  method: 'DELETE',
  path: `${V1}/brands/:brand/customers/:extKey/delegations/:username`,
  ...machine('crm:write'),
  reaches: brandReach,
  summary:
    "Revokes the delegation the customer (by the ERP's key) gave to a user (by username): the delegate loses access at once, the holder and the delegate are told. 422 `unknown_customer` or `delegation_not_found` when either is not there.",
  refusals: [422],
  params: z.extend(recordParams, { username: line().check(z.trim(), z.minLength(1), z.maxLength(50)) }),
  response: z.object({ revoked: z.literal(true) }),
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

const priceChangeCalls = recordCalls({
  name: 'PriceChange',
  plural: 'PriceChanges',
  path: 'price-changes',
  scope: 'crm:write',
  record: priceChangeRecord,
  what: "a unilateral change of a supply's offer prices, notified to its holder by e-mail or by a letter the ERP posts (the notice period counted and checked by the portal),",
});
export const putPriceChange = priceChangeCalls.put;
export const importPriceChanges = priceChangeCalls.batch;

/**
 * The ERP's key of a record an event names, beside the portal's id (ADR 050): null when the ERP never
 * loaded that record. Events written before these keys were carried read null.
 */
const erpKeyOf = z._default(z.nullable(z.string()), null);
const portalIdOf = z._default(z.nullable(z.number()), null);

/**
 * Each event kind's payload (ADR 040): the outbox checks a payload against its kind's schema when the
 * event is written, and the feed and the webhooks carry it as documented here. Every record an event
 * names (contract, supply, bill) comes with its ERP key (`…ExtKey`) beside the portal's id (ADR 050);
 * the customer's are the feed event's `customer`.
 */
export const EVENT_PAYLOADS = {
  /** A request the customer opened in the portal; `requestKey` is the key its phase is loaded by. */
  'request.opened': z.object({
    requestKey: z.string(),
    requestType: z.string(),
    status: z.string(),
    description: z.nullable(z.string()),
    contractId: z.nullable(z.number()),
    contractExtKey: erpKeyOf,
    /** What the request's form gave (its shape is the request type's). */
    details: z.nullable(z.record(z.string(), z.unknown())),
  }),
  /** A self-reading the customer sent; the event's `entityKey` (READING-…) is the verdict's `selfReadingKey`. */
  'selfReading.sent': z.object({
    supplyId: portalIdOf,
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
    supplyId: portalIdOf,
    supplyExtKey: erpKeyOf,
    /** The bill it disputes, by its number, when it names one. */
    invoiceNumber: z.nullable(z.string()),
    billId: portalIdOf,
    billExtKey: erpKeyOf,
    /** The reasoned reply's deadline (ARERA TIQV), a Rome calendar day. */
    dueDate: z.string(),
    /** The bill's rectification deadline for a billing complaint (TIQV's second clock); null: none. */
    rectificationDueDate: z.optional(z.nullable(z.string())),
    /** Whether collecting the bills it concerns is suspended meanwhile. */
    suspendsCollection: z.boolean(),
    /** The numbers of the bills whose collection it suspends (a readings complaint: every bill still owed). */
    suspendedInvoiceNumbers: z.optional(z.array(z.string())),
    channel: z.enum(['user', 'guest']),
    /** Who wrote the logged-out form, as TIQV's minimum content asks; null when logged in. */
    sender: z.optional(
      z.nullable(
        z.object({
          firstName: z.string(),
          lastName: z.string(),
          supplyAddress: z.string(),
          commodity: z.string(),
          email: z.string(),
        }),
      ),
    ),
  }),
  /**
   * Leave this bill out of the SEPA debit file: an open complaint suspends its collection (ARERA TIQV),
   * or the customer chose to pay it in the portal before its due date (ADR 052). `amountCents` is what
   * would have been debited.
   */
  'invoice.leftOutOfDebit': z.object({
    invoiceNumber: z.string(),
    reason: z.enum(['complaint', 'paidInPortal']),
    amountCents: z.number(),
    dueDate: z.string(),
  }),
  /** A payment made in the portal that the gateway confirmed: what it paid, bill by bill. */
  'payment.settled': z.object({
    paymentKey: z.string(),
    amountCents: z.number(),
    paidAt: z.string(),
    bills: z.array(
      z.object({
        invoiceNumber: z.string(),
        amountCents: z.number(),
        billId: portalIdOf,
        billExtKey: erpKeyOf,
      }),
    ),
  }),
  /** The customer's answer to an offer proposal. */
  'proposal.answered': z.object({
    proposalKey: z.string(),
    /** The key the ERP loaded the proposal by. */
    proposalExtKey: erpKeyOf,
    contractId: portalIdOf,
    contractExtKey: erpKeyOf,
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
  /**
   * Where the customer's electronic invoices go, as it set it in the portal (ADR 067): its recipient
   * code (codice destinatario; 0000000 when the PEC says where) and PEC. Put them in the invoices'
   * DatiTrasmissione from the next one; the feed's `customer.extKey` names the customer.
   */
  'einvoiceRecipient.changed': z.object({
    recipientCode: z.string(),
    pec: z.nullable(z.string()),
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
  /**
   * A complaint the care staff answered (the feed event's `staff` says who): the customer was told
   * this answer. The ERP's own answer to it afterwards is a `conflict` (ADR 050).
   */
  'complaint.answered': z.object({
    complaintKey: z.string(),
    answer: z.string(),
    answeredAt: z.string(),
    supplyId: z.nullable(z.number()),
    supplyExtKey: z.nullable(z.string()),
    billId: z.nullable(z.number()),
    billExtKey: z.nullable(z.string()),
  }),
  /**
   * A complaint's rectification the care staff recorded: the bill corrected on `at`, or found right
   * (`not_due`). The ERP's other outcome afterwards is a `conflict` (ADR 050, ADR 063).
   */
  'complaint.rectified': z.object({
    complaintKey: z.string(),
    outcome: z.enum(['rectified', 'not_due']),
    at: z.string(),
  }),
  /**
   * A request's state the care staff set (a phase, or closed with their `answer`), as Pratiche shows
   * it; a request they closed or cancelled is not reopened by the ERP (`conflict`, ADR 050).
   */
  'request.changed': z.object({
    requestKey: z.string(),
    requestType: z.string(),
    status: z.string(),
    phaseCode: z.nullable(z.string()),
    answer: z.nullable(z.string()),
    closedAt: z.nullable(z.string()),
    contractId: z.nullable(z.number()),
    contractExtKey: z.nullable(z.string()),
  }),
  /** The care staff's answer to a self-reading the ERP refused or the portal flagged (`READING-…`). */
  'selfReading.answered': z.object({
    selfReadingKey: z.string(),
    answer: z.string(),
    supplyId: z.nullable(z.number()),
    supplyExtKey: z.nullable(z.string()),
  }),
  /**
   * A price-change notice for a holder without a contact e-mail: post it as a letter (the durable
   * medium, ADR 058) to the contract's shipping address or the supply's. `title` and `body` are the
   * letter's words (paragraphs split by a blank line); report the day it is delivered as the notice's
   * `deliveredOn`. The event's `entityKey` is the notice's reference (VAR-…).
   */
  'priceChange.letterRequested': z.object({
    noticeKey: z.string(),
    /** The ERP key the notice was loaded by; null when the portal's back office announced it. */
    noticeExtKey: erpKeyOf,
    supplyId: portalIdOf,
    supplyExtKey: erpKeyOf,
    contractId: portalIdOf,
    contractExtKey: erpKeyOf,
    effectiveOn: z.string(),
    title: z.string(),
    body: z.string(),
  }),
  /**
   * A notice received later than the rule allows for its day (Codice di condotta commerciale art.
   * 13-14): credit the automatic compensation on the holder's next bill and name that bill in the
   * notice's `compensationBillExtKey`.
   */
  'priceChange.compensationOwed': z.object({
    noticeKey: z.string(),
    noticeExtKey: erpKeyOf,
    supplyId: portalIdOf,
    supplyExtKey: erpKeyOf,
    receivedOn: z.string(),
    effectiveOn: z.string(),
    amountCents: z.number(),
  }),
  /** An item of the care queues escalated to the supervisors, with the reason (its key: RCL-…, the request's…). */
  'care.escalated': z.object({
    item: z.enum(['complaint', 'request', 'reading', 'delegation']),
    itemKey: z.string(),
    reason: z.string(),
  }),
  /**
   * A bill the ERP cancelled (ADR 056): nothing is owed on it any more, the customer sees it "Annullata"
   * with the reason; with the credit note that cancelled it, when one did (what was paid is their credit).
   */
  'bill.cancelled': z.object({
    billId: z.number(),
    billExtKey: z.string(),
    invoiceNumber: z.string(),
    reason: z.string(),
    /** What was still owed on it when it was cancelled. */
    outstandingCentsBefore: z.number(),
    creditNoteId: z.nullable(z.number()),
    creditNoteExtKey: z.nullable(z.string()),
  }),
  /** A message the ERP withdrew (ADR 056): the customer no longer sees it. */
  'message.withdrawn': z.object({ messageKey: z.string(), messageExtKey: z.string() }),
  /** A proposal the ERP withdrew before the customer answered (ADR 056): no longer shown, no longer answerable. */
  'proposal.withdrawn': z.object({ proposalKey: z.string(), proposalExtKey: z.string() }),
  /**
   * A bill the ERP loaded whose energy lines contradict the offer box it prints (ADR 065): kept as sent
   * (the ERP is the bill's system of record), each line with what the box's price × its quantity gives.
   */
  'bill.offerMismatch': z.object({
    billId: z.number(),
    billExtKey: z.string(),
    invoiceNumber: z.string(),
    offerExtKey: z.string(),
    /** The offer box's energy price, thousandths of a euro per unit. */
    milliEuro: z.number(),
    lines: z.array(
      z.object({
        field: z.string(),
        label: z.string(),
        units: z.number(),
        amountCents: z.number(),
        expectedCents: z.number(),
      }),
    ),
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
  /** The customer: the portal's id and key, the client code, and the ERP's key when the ERP loaded it. */
  customer: z.object({ id: z.string(), key: z.string(), code: z.string(), extKey: z.nullable(z.string()) }),
  /** The care staff member whose action it is (ADR 050); null: the customer's own. */
  staff: z.nullable(z.object({ id: z.string(), username: z.string() })),
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
  feedEventOf('invoice.leftOutOfDebit'),
  feedEventOf('payment.settled'),
  feedEventOf('proposal.answered'),
  feedEventOf('customer.registered'),
  feedEventOf('contact.changed'),
  feedEventOf('consent.changed'),
  feedEventOf('einvoiceRecipient.changed'),
  feedEventOf('delegation.decided'),
  feedEventOf('complaint.answered'),
  feedEventOf('request.changed'),
  feedEventOf('selfReading.answered'),
  feedEventOf('care.escalated'),
  feedEventOf('priceChange.letterRequested'),
  feedEventOf('priceChange.compensationOwed'),
  feedEventOf('bill.cancelled'),
  feedEventOf('message.withdrawn'),
  feedEventOf('proposal.withdrawn'),
  feedEventOf('complaint.rectified'),
  feedEventOf('bill.offerMismatch'),
]);
export type FeedEvent = z.output<typeof feedEvent>;

export const listEvents = defineCall({
  name: 'integrationListEvents',
  method: 'GET',
  path: `${V1}/brands/:brand/events`,
  ...machine('events:read'),
  reaches: brandReach,
  summary:
    "The brand's customer actions (requests opened, self-readings sent, complaints filed, bills to leave out of the debit file, payments settled, proposals answered, registrations, contact, consent, e-invoice recipient and delegation changes) and the care staff's (complaints answered or rectified, requests moved or closed, self-readings answered, escalations, contacts corrected; `staff` says who) and the price-change letters to post and compensations to credit after a cursor, oldest first; `next` is the cursor to ask with next time.",
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

/**
 * A signed `ping` to each of the calling client's webhooks of the brand, now (ADR 048): the body is
 * `{ kind: 'ping', id, occurredAt, webhookId }`, signed and headed as an event is (`Sportello-Event-Id`
 * is the ping's id), so a receiver's signature check and address can be tried before any event. Not
 * an event: no webhook's position moves. Each answer says what the receiver answered, or why nothing
 * was sent (an address inside, a name that does not resolve, no answer in time).
 */
export const pingWebhooks = defineCall({
  name: 'integrationPingWebhooks',
  method: 'POST',
  path: `${V1}/brands/:brand/webhooks/ping`,
  ...machine('events:read'),
  reaches: brandReach,
  summary:
    "Sends a signed `ping` to each of the calling client's webhooks of the brand and answers what each receiver answered (its HTTP status), or why nothing was sent.",
  params: brandParam,
  body: z.object({}),
  response: z.object({
    pings: z.array(
      z.object({
        webhookId: z.number(),
        url: z.string(),
        /** The ping's id, in `Sportello-Event-Id`. */
        eventId: z.string(),
        /** What the receiver answered; null when nothing was sent or no answer came. */
        status: z.nullable(z.number()),
        /**
         * Why there is no status: `webhook_url_refused`, `webhook_host_unresolved`,
         * `webhook_address_inside` (not contacted) or `webhook_no_answer`, with its message.
         */
        error: z.nullable(z.object({ code: z.string(), message: z.string() })),
      }),
    ),
  }),
});

/**
 * Reading a record back by the ERP's key (ADR 056): the version held, who last changed it (the ERP when
 * it loaded it, or the care staff over what they own, ADR 050) and what the portal shows of it now,
 * computed as the customer's own pages compute it. Another brand's key, or one never loaded, is 404.
 */
const readBack = <P extends z.ZodMiniType>(portal: P) =>
  z.object({
    extKey: z.string(),
    /** The portal's id and key of the row. */
    id: z.string(),
    key: z.string(),
    /** The ERP version held; null for a request or complaint the ERP never sent a phase or answer of. */
    version: z.nullable(z.number()),
    /** When the ERP last wrote it. */
    loadedAt: z.nullable(z.string()),
    /** Who changed it last: the ERP (at its load, cancellation or withdrawal) or a staff member. */
    changedBy: z.nullable(changedBy),
    portal,
  });

export const customerReadBack = readBack(
  z.object({
    customerCode: z.string(),
    name: z.string(),
    email: z.nullable(z.string()),
    phoneMobile: z.nullable(z.string()),
    contractExtKeys: z.array(z.string()),
  }),
);
export type CustomerReadBack = z.output<typeof customerReadBack>;
export const contractReadBack = readBack(
  z.object({
    customerExtKey: z.nullable(z.string()),
    number: z.string(),
    name: z.string(),
    status: z.string(),
    startDate: z.string(),
    endDate: z.nullable(z.string()),
    supplyExtKeys: z.array(z.string()),
  }),
);
export type ContractReadBack = z.output<typeof contractReadBack>;
export const supplyReadBack = readBack(
  z.object({
    contractExtKey: z.nullable(z.string()),
    pointCode: z.string(),
    commodity: z.string(),
    activationDate: z.nullable(z.string()),
    deactivationDate: z.nullable(z.string()),
  }),
);
export type SupplyReadBack = z.output<typeof supplyReadBack>;
export const billReadBack = readBack(
  z.object({
    number: z.string(),
    amountCents: z.number(),
    outstandingCents: z.number(),
    /** The status the customer reads on the bill ("Da pagare", "Annullata"…), as its code. */
    status: z.string(),
    /** What the customer must pay themselves and by when (domain `billToPay`, ADR 052). */
    toPay: billToPaySchema,
    cancellation: z.nullable(
      z.object({
        at: z.string(),
        reason: z.string(),
        creditNoteExtKey: z.nullable(z.string()),
      }),
    ),
  }),
);
export type BillReadBack = z.output<typeof billReadBack>;
export const paymentReadBack = readBack(
  z.object({
    billExtKey: z.nullable(z.string()),
    amountCents: z.number(),
    /** What it takes off its bill now (0 once returned). */
    appliedCents: z.number(),
    /** What it paid beyond the bill, kept as the customer's credit. */
    creditCents: z.number(),
    collectedOn: z.string(),
    channel: z.string(),
    returned: z.boolean(),
  }),
);
export type PaymentReadBack = z.output<typeof paymentReadBack>;
export const offerReadBack = readBack(
  z.object({ name: z.string(), commodity: z.string(), priceType: z.nullable(z.string()) }),
);
export type OfferReadBack = z.output<typeof offerReadBack>;
export const requestReadBack = readBack(
  z.object({
    requestType: z.string(),
    status: z.string(),
    phaseCode: z.nullable(z.string()),
    closedAt: z.nullable(z.string()),
  }),
);
export type RequestReadBack = z.output<typeof requestReadBack>;
export const complaintReadBack = readBack(
  z.object({
    category: z.string(),
    answered: z.boolean(),
    answer: z.nullable(z.string()),
    answeredAt: z.nullable(z.string()),
  }),
);
export type ComplaintReadBack = z.output<typeof complaintReadBack>;
export const messageReadBack = readBack(
  z.object({
    title: z.string(),
    read: z.boolean(),
    /** Withdrawn by the ERP: the customer no longer sees it. */
    withdrawnAt: z.nullable(z.string()),
    attachment: z.nullable(z.object({ fileName: z.string() })),
  }),
);
export type MessageReadBack = z.output<typeof messageReadBack>;
export const proposalReadBack = readBack(
  z.object({
    title: z.string(),
    /** The customer's answer, if any. */
    answer: z.nullable(z.enum(['accepted', 'rejected'])),
    answeredAt: z.nullable(z.string()),
    /** Withdrawn by the ERP: no longer shown, no longer answerable. */
    withdrawnAt: z.nullable(z.string()),
  }),
);
export type ProposalReadBack = z.output<typeof proposalReadBack>;

/** The kinds read back, each by the path its records are loaded by and the scope that loads them. */
function readCall<R extends z.ZodMiniType>(def: {
  name: string;
  path: string;
  scope: IntegrationScope;
  response: R;
  what: string;
}) {
  return defineCall({
    name: `integrationRead${def.name}`,
    method: 'GET',
    path: `${V1}/brands/:brand/${def.path}/:extKey`,
    ...machine(def.scope),
    reaches: brandReach,
    summary: `Reads back ${def.what} by the ERP's key: the version held, who changed it last and what the portal shows. 404 \`record_not_found\` for a key the brand does not hold.`,
    refusals: [404],
    params: recordParams,
    response: def.response,
  });
}

export const readCustomer = readCall({
  name: 'Customer',
  path: 'customers',
  scope: 'crm:write',
  response: customerReadBack,
  what: 'a customer',
});
export const readContract = readCall({
  name: 'Contract',
  path: 'contracts',
  scope: 'crm:write',
  response: contractReadBack,
  what: 'a contract',
});
export const readSupply = readCall({
  name: 'Supply',
  path: 'supplies',
  scope: 'crm:write',
  response: supplyReadBack,
  what: 'a supply',
});
export const readBill = readCall({
  name: 'Bill',
  path: 'bills',
  scope: 'billing:write',
  response: billReadBack,
  what: 'a bill (its status and what the customer still has to pay, as the bill page shows them)',
});
export const readPayment = readCall({
  name: 'Payment',
  path: 'payments',
  scope: 'billing:write',
  response: paymentReadBack,
  what: 'a payment collected elsewhere',
});
export const readOffer = readCall({
  name: 'Offer',
  path: 'offers',
  scope: 'crm:write',
  response: offerReadBack,
  what: 'an offer',
});
export const readRequest = readCall({
  name: 'Request',
  path: 'requests',
  scope: 'crm:write',
  response: requestReadBack,
  what: "a request (by the portal's request key)",
});
export const readComplaint = readCall({
  name: 'Complaint',
  path: 'complaints',
  scope: 'crm:write',
  response: complaintReadBack,
  what: 'a complaint (by its receipt key), with who answered it',
});
export const readMessage = readCall({
  name: 'Message',
  path: 'messages',
  scope: 'crm:write',
  response: messageReadBack,
  what: 'a message',
});
export const readProposal = readCall({
  name: 'Proposal',
  path: 'proposals',
  scope: 'crm:write',
  response: proposalReadBack,
  what: 'a proposal',
});

export const cancelBillBody = z.object({
  /** Why, in words for the customer (shown on the bill). */
  reason: name(300),
  /** The ERP's key of the credit note (type 4, same customer) that cancels it, if one does. */
  creditNoteExtKey: z._default(z.nullable(extKey), null),
});
export type CancelBillBody = z.output<typeof cancelBillBody>;

/**
 * Cancels a bill (ADR 056): nothing is owed on it any more, the customer sees it "Annullata" with the
 * reason, it is not offered for payment nor counted in their totals; `bill.cancelled` is recorded. A
 * bill something was paid on is cancelled only by a credit note of the same customer (a bill of type 4
 * loaded before), which carries what was paid as the customer's credit. Answers the bill read back.
 */
export const cancelBill = defineCall({
  name: 'integrationCancelBill',
  method: 'POST',
  path: `${V1}/brands/:brand/bills/:extKey/cancellation`,
  ...machine('billing:write'),
  reaches: brandReach,
  summary:
    "Cancels a bill by the ERP's key, plainly or by a credit note (required once something was paid on it): the customer sees it cancelled with the reason. 404 `record_not_found`; 409 `bill_already_cancelled`, `bill_paid_needs_credit_note`, `bill_payment_pending`; 422 `credit_note_invalid`.",
  refusals: [404, 409, 422],
  params: recordParams,
  body: cancelBillBody,
  response: billReadBack,
});

/**
 * Withdraws a message (ADR 056): the customer no longer sees it (its page answers 404) and
 * `message.withdrawn` is recorded. Answers the message read back.
 */
export const withdrawMessage = defineCall({
  name: 'integrationWithdrawMessage',
  method: 'POST',
  path: `${V1}/brands/:brand/messages/:extKey/withdrawal`,
  ...machine('crm:write'),
  reaches: brandReach,
  summary:
    "Withdraws a message by the ERP's key: the customer no longer sees it. 404 `record_not_found`; 409 `already_withdrawn`.",
  refusals: [404, 409],
  params: recordParams,
  body: z.object({}),
  response: messageReadBack,
});

/**
 * Withdraws a proposal the customer has not answered (ADR 056): no longer shown, no longer answerable,
 * `proposal.withdrawn` recorded. One the customer answered is theirs (409 `proposal_answered_by_customer`).
 */
export const withdrawProposal = defineCall({
  name: 'integrationWithdrawProposal',
  method: 'POST',
  path: `${V1}/brands/:brand/proposals/:extKey/withdrawal`,
  ...machine('crm:write'),
  reaches: brandReach,
  summary:
    "Withdraws a proposal by the ERP's key before the customer answers it: no longer shown, no longer answerable. 404 `record_not_found`; 409 `already_withdrawn`, `proposal_answered_by_customer`.",
  refusals: [404, 409],
  params: recordParams,
  body: z.object({}),
  response: proposalReadBack,
});

/** A new brand's code: as the brands' paths take it (`sga`, `mes`). */
export const brandCode = line().check(z.regex(/^[a-z]{2,8}$/, 'brand_code_invalid' satisfies MessageCode));

/**
 * Creates a brand (ADR 057): its code and name, its legal name (the name unless given) and VAT number
 * as its bills print them. 409 `brand_code_taken` for a code that exists. The client's own brands do
 * not change: a client reaches the new brand once it is given it (`client create --brands`).
 */
export const createBrand = defineCall({
  name: 'integrationCreateBrand',
  method: 'POST',
  path: `${V1}/brands`,
  ...machine('admin'),
  reaches: 'nothing',
  summary:
    'Creates a brand by its code (2–8 lowercase letters) and name; 409 `brand_code_taken` when the code exists; 422 for a VAT number that fails its check. Needs the `admin` scope.',
  refusals: [409, 422],
  body: z.object({
    code: brandCode,
    name: name(120),
    legalName: z._default(z.nullable(name(200)), null),
    vatNumber: z._default(z.nullable(line().check(z.trim(), z.regex(/^\d{11}$/))), null),
  }),
  response: z.object({ code: z.string(), name: z.string() }),
});

/** The brands, by code (ADR 057). */
export const listBrands = defineCall({
  name: 'integrationListBrands',
  method: 'GET',
  path: `${V1}/brands`,
  ...machine('admin'),
  reaches: 'nothing',
  summary: 'The brands, by code, with their names. Needs the `admin` scope.',
  response: z.object({ brands: z.array(z.object({ code: z.string(), name: z.string() })) }),
});

/**
 * The kinds a reconciliation counts (ADR 057), by the names the ERP's records are kept under. Bills
 * and payments are counted over the period (a bill by its issue date, a payment by the day it was
 * collected); every other kind is counted whole, as the brand holds it now.
 */
export const RECONCILE_KINDS = [
  'customer',
  'contract',
  'supply',
  'bill',
  'payment',
  'reading',
  'readingWindow',
  'request',
  'complaint',
  'curve',
  'offer',
  'message',
  'proposal',
] as const;
export type ReconcileKind = (typeof RECONCILE_KINDS)[number];
/** The kinds with a date of their own, counted over the period. */
export const RECONCILE_DATED_KINDS: readonly ReconcileKind[] = ['bill', 'payment'];
/** Records the ERP's list sends in one page of the differences call. */
export const RECONCILE_PAGE_MAX = 5000;

const periodShape = { from: calendarDate, to: calendarDate };
/** A period of at most a year, its end not before its start. */
const periodChecked = z.refine<{ from: string; to: string }>(
  (p) => p.from <= p.to && Date.parse(p.to) - Date.parse(p.from) <= 365 * 86_400_000,
  { message: 'reconcile_period_invalid' satisfies MessageCode, path: ['to'] },
);

export const reconciliationSummary = z.object({
  from: z.string(),
  to: z.string(),
  kinds: z.array(
    z.object({
      kind: z.enum(RECONCILE_KINDS),
      /** true: counted over the period; false: the brand's whole book. */
      overPeriod: z.boolean(),
      count: z.number(),
      /**
       * SHA-256 (hex) of the records' lines sorted by key in byte order, each `extKey:version\n`
       * (bills and payments: `extKey:version:amountCents\n`): the ERP computes the same over its own.
       */
      checksum: z.string(),
      /** Bills: the sum of their amounts; payments: of those collected and not returned; else null. */
      totalCents: z.nullable(z.number()),
    }),
  ),
});
export type ReconciliationSummary = z.output<typeof reconciliationSummary>;

/**
 * The brand's counts and checksums per kind for a period (ADR 057), for the ERP to compare with its
 * own; where one differs, the differences call finds the records.
 */
export const reconcile = defineCall({
  name: 'integrationReconcile',
  method: 'GET',
  path: `${V1}/brands/:brand/reconciliation`,
  ...machine('reconcile:read'),
  reaches: brandReach,
  summary:
    "Per kind, the brand's count, checksum (SHA-256 of the sorted `extKey:version[:amountCents]` lines) and, for bills and payments, total in cents; bills and payments over the period `from`–`to`, the other kinds whole.",
  params: brandParam,
  query: z.object(periodShape).check(periodChecked),
  response: reconciliationSummary,
});

export const RECONCILE_DIFFERENCES = [
  'missing_in_portal',
  'missing_in_erp',
  'version_differs',
  'amount_differs',
] as const;

const reconcileSide = z.nullable(z.object({ version: z.number(), amountCents: z.nullable(z.number()) }));

/**
 * A page of the ERP's own list of a kind, sorted by key: every record it holds with a key after
 * `after` (null: from the first) up to `through` (null: to the last). The answer is the records that
 * differ in that range, so a list of any length is compared a page at a time.
 */
export const reconcileDifferences = defineCall({
  name: 'integrationReconcileDifferences',
  method: 'POST',
  path: `${V1}/brands/:brand/reconciliation/differences`,
  ...machine('reconcile:read'),
  reaches: brandReach,
  summary: `Compares a page of the ERP's list of a kind (at most ${RECONCILE_PAGE_MAX} records with keys after \`after\` up to \`through\`) with the brand's records in that range and answers those missing on either side, or whose version or amount differs.`,
  refusals: [422],
  params: brandParam,
  body: z
    .object({
      ...periodShape,
      kind: z.enum(RECONCILE_KINDS),
      after: z._default(z.nullable(extKey), null),
      through: z._default(z.nullable(extKey), null),
      records: z
        .array(z.object({ extKey, version, amountCents: z._default(z.nullable(z.int()), null) }))
        .check(z.maxLength(RECONCILE_PAGE_MAX)),
    })
    .check(periodChecked),
  response: z.object({
    differences: z.array(
      z.object({
        extKey: z.string(),
        difference: z.enum(RECONCILE_DIFFERENCES),
        portal: reconcileSide,
        erp: reconcileSide,
      }),
    ),
  }),
});
export type ReconcileDifferenceRow = z.output<typeof reconcileDifferences.response>['differences'][number];
