// ERP invoice calls (SPEC §7): the list, one invoice, its Bolletta 2.0 detail, its installments
// and the requests made from the invoice page (installments, bill by e-mail, billing options).
// Money is integer cents, dates YYYY-MM-DD.
import * as z from 'zod/mini';
import { line, text } from '../text.js';
import { defineCall, idOrKey, idParam, pagingQuery, queryBoolean } from '../call.js';
import { isoDate, isoInstant } from '../models.js';
import { offerSchema, requestCreatedSchema } from './erp-supplies.js';

const ERP = 'portalapi/Erp/v1';

/**
 * What the customer must pay themselves of a bill and by when (domain `billToPay`, ADR 052): what the
 * bank will debit, what a complaint suspends and what is prescribed are said apart, never asked for.
 */
export const billToPaySchema = z.object({
  way: z.enum([
    'pay',
    'direct_debit',
    'installments',
    'pending',
    'suspended',
    'prescribed',
    'paid',
    'credit',
    'cancelled',
  ]),
  yoursCents: z.int(),
  byDate: z.nullable(isoDate),
  overdue: z.boolean(),
  debitCents: z.int(),
  suspendedCents: z.int(),
  prescribedCents: z.int(),
  installmentNumber: z.nullable(z.int()),
});

export const invoiceSchema = z.object({
  id: z.string(),
  key: z.string(),
  number: z.string(),
  customerId: z.string(),
  contract: z.object({ id: z.string(), key: z.string(), number: z.string() }),
  invoiceTypeCode: z.int(),
  issueDate: isoDate,
  dueDate: isoDate,
  periodStart: z.nullable(isoDate),
  periodEnd: z.nullable(isoDate),
  amountCents: z.int(),
  outstandingCents: z.int(),
  /** Paid | Unpaid | PartiallyPaid | Installments */
  paymentLevel: z.string(),
  /** Still to pay and past its due date (Europe/Rome). */
  overdue: z.boolean(),
  /**
   * A payment of it was completed on the gateway's page (the customer came back with OK) and the
   * gateway has not confirmed it yet: shown as waiting for confirmation, not to be paid again.
   */
  paymentPending: z.boolean(),
  /** The bill's document (PDF), for the documents calls; null when none is issued. */
  documentId: z.nullable(z.string()),
  /** What the customer must pay themselves and by when; every surface shows this. */
  toPay: billToPaySchema,
  /**
   * The supplier cancelled the bill (ADR 056): when, why (their words), and the credit note that
   * cancelled it, if one did; null while the bill stands.
   */
  cancellation: z.nullable(
    z.object({ cancelledOn: isoDate, reason: z.string(), creditNoteId: z.nullable(z.string()) }),
  ),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * `typeCodes=all` (or absent) keeps every type; `typeCodes=1,4,31` keeps those. The web route
 * /invoices?typeCodes= passes its query through unchanged.
 */
export const typeCodesQuery = z.pipe(
  line().check(z.regex(/^(all|\d{1,3}(,\d{1,3}){0,19})$/)),
  z.transform((v) => (v === 'all' ? null : v.split(',').map(Number))),
);

export const INVOICE_ORDERS = ['issueDate', 'dueDate', 'overdueFirst'] as const;

export const listInvoices = defineCall({
  name: 'listInvoices',
  method: 'GET',
  path: `${ERP}/invoices`,
  access: 'user',
  reaches: {
    query: { customerId: ['customer.id', 'customer.key'], contractId: ['contract.id', 'contract.key'] },
  },
  summary:
    'Invoices of a reachable customer, newest first (overdueFirst: overdue bills first, then newest); ' +
    'outstandingOnly keeps those still to pay, typeCodes filters by invoice type, contractId by ' +
    'supply contract (id or key, of that customer), year by year of issue.',
  query: z.object({
    customerId: idOrKey,
    outstandingOnly: z.optional(queryBoolean),
    orderBy: z.optional(z.enum(INVOICE_ORDERS)),
    typeCodes: z.optional(typeCodesQuery),
    contractId: z.optional(idOrKey),
    year: z.optional(z.coerce.number().check(z.int(), z.minimum(2000), z.maximum(2100))),
    ...pagingQuery,
  }),
  response: z.object({
    count: z.int(),
    /** Sum still to pay over every matching invoice, not only this page. */
    outstandingCents: z.int(),
    /** How many matching invoices are overdue. */
    overdueCount: z.int(),
    /**
     * Over every bill of the customer still owed (whatever the filters): what they must pay themselves
     * and by when, what the bank will debit, what complaints suspend (domain `amountsToPay`).
     */
    toPay: z.object({
      count: z.int(),
      yoursCents: z.int(),
      byDate: z.nullable(isoDate),
      overdueCount: z.int(),
      debitCount: z.int(),
      debitCents: z.int(),
      suspendedCount: z.int(),
      suspendedCents: z.int(),
    }),
    invoices: z.array(invoiceSchema),
  }),
});

export const invoiceDetailSchema = z.extend(invoiceSchema, {
  companyCode: z.string(),
  /** SPEC §4/§9 window; see docs/decisions on how it is read. */
  installmentRequest: z.object({
    allowed: z.boolean(),
    /** Last day a request is accepted (inclusive). */
    lastDay: isoDate,
    /** Day the open installment request of this bill was sent; null when none is open. */
    requestedOn: z.nullable(isoDate),
  }),
  /**
   * How to pay the bill without online payment, where the brand has no `pay` module and something
   * is still owed; null otherwise. The brand's bank details come from its configuration (null when
   * it has none); the notice code is computed from the bill (pagoPA-style, 18 digits).
   */
  offlinePayment: z.nullable(
    z.object({
      iban: z.nullable(z.string()),
      beneficiary: z.nullable(z.string()),
      /** How much to transfer, by when: what the customer must pay themselves (an installment's, in installments). */
      amountCents: z.int(),
      byDate: isoDate,
      /** The causale to write on a bank transfer. */
      reason: z.string(),
      noticeCode: z.string(),
    }),
  ),
  /** The bill is split into installments (GET installments lists them). */
  hasInstallments: z.boolean(),
  /**
   * The electronic invoice the bill is (ADR 067): the identifier the Sistema di Interscambio gave it
   * (null until the ERP sends it) and whether its FatturaPA XML can be downloaded (getInvoiceEInvoice).
   */
  eInvoice: z.object({ sdiId: z.nullable(z.string()), xml: z.boolean() }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const getInvoice = defineCall({
  name: 'getInvoice',
  method: 'GET',
  path: `${ERP}/invoices/:id`,
  access: 'user',
  reaches: { params: { id: ['invoice.id', 'invoice.key', 'invoice.extKey'] } },
  summary: 'One invoice by id or key, or by the ERP key with useExtKey=true.',
  params: idParam,
  query: z.object({ useExtKey: z.optional(queryBoolean) }),
  response: invoiceDetailSchema,
});

/** Bolletta 2.0 "scontrino dell'energia": the six headings every bill is summed into. */
export const RECEIPT_KINDS = ['energy', 'transport', 'system', 'taxes', 'vat', 'other'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** The parts of the bill's first page (domain FRONT_PAGE_PARTS gives their order and titles). */
export const FRONT_PAGE_PART_IDS = ['payment', 'supply', 'receipt', 'offer', 'details'] as const;

/** The market a supply is served on (domain MARKETS words them): free, or a service by default. */
export const BILL_MARKETS = ['libero', 'tutele_graduali', 'vulnerabilita'] as const;

/** The scontrino's lines after the quotas, each apart (domain OTHER_LINE_KINDS gives their order). */
export const RECEIPT_OTHER_KINDS = [
  'taxes',
  'vat',
  'tv_licence',
  'social_bonus',
  'other',
  'compensation',
] as const;

export const sectionLineSchema = z.object({
  label: z.string(),
  quantity: z.nullable(z.string()),
  /** The billed quantity in the bill's unit, on the lines priced per unit (kWh, Smc). */
  units: z.optional(z.int()),
  amountCents: z.int(),
});

export const billSectionSchema = z.object({
  position: z.int(),
  title: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  lines: z.array(sectionLineSchema),
  totalCents: z.int(),
});

export const billSupplySchema = z.object({
  key: z.string(),
  commodity: z.enum(['electricity', 'gas', 'heat']),
  /** POD, PDR or plant code. */
  pointCode: z.string(),
  /** The name the customer gave the supply, if any. */
  nickname: z.nullable(z.string()),
  address: z.string(),
  /** The offer the supply is billed on. */
  offerName: z.nullable(z.string()),
  /** Whom to call for a fault or a gas leak: the network's emergency line, printed on every bill. */
  emergency: z.object({ label: z.string(), phone: z.string() }),
  unit: z.string(),
  /** Readings at the start and end of the period, by register (F1, F2, F3 or the single one). */
  readings: z.object({
    start: z.nullable(z.object({ date: isoDate, source: z.string(), values: z.record(z.string(), z.int()) })),
    end: z.nullable(z.object({ date: isoDate, source: z.string(), values: z.record(z.string(), z.int()) })),
  }),
  /** Consumption in the period by band (F1/F2/F3; one 'total' band for gas and heat). */
  consumptionByBand: z.record(z.string(), z.int()),
  consumption: z.int(),
});

/** The parts a bill's difference is split into (domain DIFFERENCE_PARTS, ADR 070). */
export const DIFFERENCE_PARTS = [
  'consumption',
  'days',
  'prices',
  'fixed',
  'taxes',
  'trueUp',
  'other',
] as const;

/**
 * Why a bill differs from another of the same supply (domain `billDifference`, ADR 070): the sentence
 * said first, then the parts, which add up exactly to `totalCents`. `status` none: nothing to compare
 * (`reason` says why: first bill, credit note, cancelled…); total_only: the other bill's lines give no split.
 */
export const billDifferenceSchema = z.object({
  against: z.enum(['previous', 'lastYear']),
  status: z.enum(['explained', 'total_only', 'none']),
  reason: z.nullable(
    z.enum([
      'first_bill',
      'no_bill_last_year',
      'credit_note',
      'not_comparable',
      'cancelled',
      'no_period',
      'no_detail',
    ]),
  ),
  /** The bill compared with; null when there is none. */
  other: z.nullable(
    z.object({
      id: z.string(),
      number: z.string(),
      periodStart: z.nullable(isoDate),
      periodEnd: z.nullable(isoDate),
      totalCents: z.int(),
    }),
  ),
  /** This bill's total minus the other's; null when there is nothing to compare. */
  totalCents: z.nullable(z.int()),
  parts: z.array(z.object({ kind: z.enum(DIFFERENCE_PARTS), label: z.string(), amountCents: z.int() })),
  sentence: z.string(),
  notes: z.array(z.string()),
});
export type BillDifference = z.infer<typeof billDifferenceSchema>;

export const invoiceBillSchema = z.object({
  invoice: invoiceSchema,
  company: z.object({
    code: z.string(),
    name: z.string(),
    legalName: z.string(),
    vatNumber: z.string(),
    legalAddress: z.string(),
    helpPhone: z.string(),
  }),
  customer: z.object({ name: z.string(), customerCode: z.string(), fiscalCode: z.nullable(z.string()) }),
  /** What the bill is for; its supplies are all of this commodity. */
  commodity: z.enum(['electricity', 'gas', 'heat']),
  supplies: z.array(billSupplySchema),
  /**
   * How the contract's bills are paid: SEPA direct debit (with the masked IBAN) or a payment notice;
   * `online` where the brand takes payments in the portal (its `pay` module).
   */
  payment: z.object({
    method: z.enum(['direct_debit', 'notice']),
    iban: z.nullable(z.string()),
    online: z.boolean(),
  }),
  /** The billed quantity (the billed lines), total consumption of the period, in the unit of the bill's commodity. */
  consumption: z.object({ quantity: z.int(), unit: z.string() }),
  /** Days in the billed period (both ends included). */
  periodDays: z.nullable(z.int()),
  /** The "scontrino dell'energia": one line per receipt kind, in RECEIPT_KINDS order; sums to totalCents. */
  receipt: z.array(z.object({ kind: z.enum(RECEIPT_KINDS), label: z.string(), amountCents: z.int() })),
  sections: z.array(billSectionSchema),
  totalCents: z.int(),
  /** Energy cost per unit (without the TV licence), VAT included, cents with two decimals; null for a credit. */
  averageCentsPerUnit: z.nullable(z.number()),
  /** The standard first page of the 2025 Bolletta 2.0 (ADR 031): the page and the PDF draw it as given. */
  frontPage: z.object({
    /** The rule the parts and their order come from. */
    source: z.string(),
    /** The parts of the first page in the rule's order. */
    parts: z.array(z.object({ id: z.enum(FRONT_PAGE_PART_IDS), title: z.string() })),
    /** The market the bill's supplies are served on (their offer's); null when no offer says it. */
    market: z.nullable(z.object({ code: z.enum(BILL_MARKETS), label: z.string() })),
    /** Where and how to file a complaint (`howToFile`, with the portal's form paths) and where to turn next. */
    complaints: z.object({
      portalPath: z.string(),
      formPath: z.string(),
      howToFile: z.string(),
      nextSteps: z.string(),
    }),
    /** The billed quantity of the contract's bills over the twelve months ending with this one's period. */
    yearlyConsumption: z.nullable(
      z.object({ quantity: z.int(), unit: z.string(), from: isoDate, to: isoDate }),
    ),
    /** The scontrino as quantity × price: consumption, fixed and power quotas, then taxes, VAT and the rest, each apart. */
    energyReceipt: z.object({
      quotas: z.array(
        z.object({
          kind: z.enum(['consumption', 'fixed', 'power']),
          label: z.string(),
          saleCents: z.int(),
          networkCents: z.int(),
          totalCents: z.int(),
          /** Billed units (consumption) or days of the period (fixed, power); null on a credit. */
          quantity: z.nullable(z.int()),
          unit: z.nullable(z.string()),
          /** The quota over its quantity, cents with two decimals. */
          unitCents: z.nullable(z.number()),
          priceUnit: z.nullable(z.string()),
        }),
      ),
      consumptionCentsPerUnit: z.nullable(z.number()),
      /** Taxes, VAT, the TV licence, the social bonus, other items and compensations, each on a line of its own. */
      others: z.array(
        z.object({ kind: z.enum(RECEIPT_OTHER_KINDS), label: z.string(), amountCents: z.int() }),
      ),
      totalCents: z.int(),
    }),
    /** The box dell'offerta: one per offer the bill's supplies are on (the code finds it on the Portale Offerte). */
    offers: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        priceType: z.string(),
        prices: offerSchema.shape.prices,
        conditions: z.array(z.string()),
        /** The last day the offer's economic conditions apply to the supply; null: no end fixed. */
        endsOn: z.nullable(isoDate),
      }),
    ),
    /** Where the rule sends a customer to compare offers by their code. */
    offerPortalUrl: z.string(),
  }),
  /** A complaint about this bill is open and its category suspends collection (ADR 030). */
  collectionSuspended: z.boolean(),
  /** The part for consumption more than two years old at issue, which the customer may refuse to pay (ADR 030). */
  prescription: z.nullable(z.object({ before: isoDate, days: z.int(), amountCents: z.int() })),
  /** The IdentificativoSdI of the electronic invoice this PDF is the courtesy copy of (ADR 067); null until known. */
  sdiId: z.nullable(z.string()),
  /** Why this bill differs from the previous one and from the same period a year before (ADR 070). */
  difference: z.object({ previous: billDifferenceSchema, lastYear: billDifferenceSchema }),
});
export type InvoiceBill = z.infer<typeof invoiceBillSchema>;

export const getInvoiceDetail = defineCall({
  name: 'getInvoiceDetail',
  method: 'GET',
  path: `${ERP}/invoices/:id/detail`,
  access: 'user',
  reaches: { params: { id: ['invoice.id', 'invoice.key'] } },
  summary: 'The Bolletta 2.0 view of an invoice (summary, receipt, sections): the same data as its PDF.',
  params: idParam,
  response: invoiceBillSchema,
});

/** A FatturaPA document's content type, as the download names it. */
export const EINVOICE_CONTENT_TYPE = 'application/xml' as const;

export const getInvoiceEInvoice = defineCall({
  name: 'getInvoiceEInvoice',
  method: 'GET',
  path: `${ERP}/invoices/:id/einvoice`,
  access: 'user',
  refusals: [404],
  reaches: { params: { id: ['invoice.id', 'invoice.key'] } },
  summary:
    "The bill's electronic invoice (ADR 067): the FatturaPA XML the ERP sent through the Sistema di " +
    'Interscambio, as base64, with its SdI identifier. A bill without one answers 404 einvoice_not_available.',
  params: idParam,
  response: z.object({
    fileName: z.string(),
    contentType: z.literal(EINVOICE_CONTENT_TYPE),
    sdiId: z.nullable(z.string()),
    /** Base64 of the XML, as a document's content is given. */
    data: z.string(),
  }),
});

export const listComparableInvoices = defineCall({
  name: 'listComparableInvoices',
  method: 'GET',
  path: `${ERP}/invoices/:id/comparable`,
  access: 'user',
  reaches: { params: { id: ['invoice.id', 'invoice.key'] } },
  summary:
    'Bills a bill can be compared with: those of the same contract (so the same supplies and commodity), ' +
    'newest first, with the previous bill and the same period of the year before proposed.',
  params: idParam,
  response: z.object({
    previous: z.nullable(invoiceSchema),
    lastYear: z.nullable(invoiceSchema),
    invoices: z.array(invoiceSchema),
  }),
});

export const installmentSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  contractId: z.string(),
  number: z.int(),
  dueDate: isoDate,
  amountCents: z.int(),
  toBePaid: z.boolean(),
  paidAt: z.nullable(isoInstant),
  /** SPEC §4: 0 overdue and to pay, 1 not yet due, 2 otherwise. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type Installment = z.infer<typeof installmentSchema>;

export const listInstallments = defineCall({
  name: 'listInstallments',
  method: 'GET',
  path: `${ERP}/installments`,
  access: 'user',
  reaches: {
    query: { invoiceId: ['invoice.id', 'invoice.key'], contractId: ['contract.id', 'contract.key'] },
  },
  summary: 'Installments of an invoice, or of every invoice of a contract, by due date.',
  query: z.object({ invoiceId: z.optional(idOrKey), contractId: z.optional(idOrKey) }),
  response: z.object({ installments: z.array(installmentSchema), toBePaidCents: z.int() }),
});

export const INSTALLMENTS_MIN = 2;
export const INSTALLMENTS_MAX = 12;

export const requestInstallments = defineCall({
  name: 'requestInstallments',
  method: 'POST',
  path: `${ERP}/requests/installments`,
  access: 'user',
  refusals: [409, 422],
  reaches: {
    body: { invoiceId: ['invoice.id', 'invoice.key'], contractKey: ['contract.key', 'contract.id'] },
  },
  summary: 'Asks to pay an invoice in installments, within the SPEC §4/§9 window; answers 422 outside it.',
  body: z.object({
    invoiceId: idOrKey,
    contractKey: idOrKey,
    installmentsCount: z._default(z.int().check(z.minimum(INSTALLMENTS_MIN), z.maximum(INSTALLMENTS_MAX)), 3),
    note: z.optional(text().check(z.trim(), z.maxLength(500))),
  }),
  response: requestCreatedSchema,
});

export const requestEmailInvoice = defineCall({
  name: 'requestEmailInvoice',
  method: 'POST',
  path: `${ERP}/requests/emailInvoice`,
  access: 'user',
  refusals: [422],
  reaches: { body: { invoiceId: ['invoice.id', 'invoice.key'] } },
  summary:
    'Sends a copy of an invoice by e-mail (the customer’s own address when none is given). An address ' +
    'that is not a contact on file (the customer’s or the user’s) needs a recent step-up (403 ' +
    '`step_up_required`), and the customer is told.',
  body: z.object({
    invoiceId: idOrKey,
    email: z.optional(line().check(z.trim(), z.maxLength(254))),
  }),
  response: requestCreatedSchema,
});

export const requestBillingOptions = defineCall({
  name: 'requestBillingOptions',
  method: 'POST',
  path: `${ERP}/requests/billingOptions`,
  access: 'user',
  refusals: [422],
  reaches: { body: { contractKey: ['contract.key', 'contract.id'] } },
  summary:
    'Changes how a contract’s bills are delivered: by e-mail (paperless) or on paper. An address that is ' +
    'not a contact on file needs a recent step-up (403 `step_up_required`), and the customer is told.',
  body: z.object({
    contractKey: idOrKey,
    delivery: z.enum(['email', 'paper']),
    email: z.optional(line().check(z.trim(), z.maxLength(254))),
  }),
  response: requestCreatedSchema,
});

export const insolvencySchema = z.object({
  id: z.string(),
  customerId: z.string(),
  contractId: z.nullable(z.string()),
  amountCents: z.int(),
  sinceDate: isoDate,
  status: z.string(),
});

export const listInsolvencies = defineCall({
  name: 'listInsolvencies',
  method: 'GET',
  path: `${ERP}/insolvencies`,
  access: 'user',
  reaches: { query: { customerId: ['customer.id', 'customer.key'] } },
  summary: 'Open insolvencies of a reachable customer; only where the brand enables panoram (SPEC §6).',
  query: z.object({ customerId: idOrKey }),
  response: z.object({ insolvencies: z.array(insolvencySchema), totalCents: z.int() }),
});
