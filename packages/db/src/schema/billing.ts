// Invoices, their detail sections and installments, payments, documents and insolvencies.
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { erpPayments } from '@sportello/contract';
import { companies } from './companies.js';
import { customers } from './customers.js';
import { contracts } from './supply.js';

export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    documentType: text('document_type').notNull(),
    contentType: text('content_type').notNull(),
    /** ready | printing ('Documento in fase di stampa' until it is ready). */
    status: text('status').notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The file as base64, kept once generated (an invoice's PDF is made on first request). */
    contentBase64: text('content_base64'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
  },
  (t) => [index('documents_customer_idx').on(t.customerId, t.createdAt)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    /** The key the ERP knows the bill by, unique within its brand (another brand may use the same). */
    extKey: text('ext_key').notNull(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id),
    number: text('number').notNull(),
    invoiceTypeCode: integer('invoice_type_code').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    amountCents: integer('amount_cents').notNull(),
    outstandingCents: integer('outstanding_cents').notNull(),
    /** Paid | Unpaid | PartiallyPaid | Installments */
    paymentLevel: text('payment_level').notNull(),
    documentId: bigint('document_id', { mode: 'number' }).references(() => documents.id),
    /** When the ERP cancelled the bill (ADR 056): nothing is owed on it any more; null while it stands. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why, in the ERP's words, shown to the customer beside "Annullata". */
    cancelReason: text('cancel_reason'),
    /** The credit note (a bill of type 4 of the same customer) that cancelled it, if one did. */
    creditNoteId: bigint('credit_note_id', { mode: 'number' }).references((): AnyPgColumn => invoices.id),
    /**
     * The IdentificativoSdI the Sistema di Interscambio gave the bill's electronic invoice (ADR 067),
     * printed on the courtesy copy; null until the ERP sends it.
     */
    sdiId: text('sdi_id'),
  },
  (t) => [
    // A brand's ERP knows its bills by keys of its own: two brands may both send "2026-0001".
    uniqueIndex('invoices_company_ext_key_idx').on(t.companyCode, t.extKey),
    index('invoices_customer_idx').on(t.customerId, t.issueDate),
    index('invoices_contract_idx').on(t.contractId),
    // A document's invoice, if any (documents list and document reads join it).
    index('invoices_document_idx').on(t.documentId),
    // The bills a customer still owes: what the customer pays themselves, over all of them (ADR 052).
    index('invoices_owed_customer_idx')
      .on(t.customerId)
      .where(sql`${t.outstandingCents} > 0`),
    // The bills still owed by due date: what the payment reminders look at (ADR 035).
    index('invoices_owed_due_idx')
      .on(t.dueDate)
      .where(sql`${t.outstandingCents} > 0`),
    // The staff search finds a customer by a bill's number (ADR 041).
    index('invoices_number_idx').on(t.number),
  ],
);

/**
 * The payment reminders sent (ADR 035): one row per bill and kind ('dueSoon', 'overdue'), written
 * before the reminder goes, so each is sent once whichever process or tick finds it first.
 */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);

/**
 * A bill's electronic invoice as the ERP sent it (ADR 067): the FatturaPA XML the customer downloads
 * beside the PDF, checked when loaded (well formed, root FatturaElettronica, no DOCTYPE, its total the
 * bill's). Apart from `invoices` so lists never read it.
 */
export const billEInvoices = pgTable('bill_einvoices', {
  invoiceId: bigint('invoice_id', { mode: 'number' })
    .primaryKey()
    .references(() => invoices.id),
  xml: text('xml').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

export const invoiceSections = pgTable(
  'invoice_sections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    lines: jsonb('lines')
      .$type<{ label: string; quantity: string | null; units?: number; amountCents: number }[]>()
      .notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [index('invoice_sections_invoice_idx').on(t.invoiceId)],
);

export const installments = pgTable(
  'installments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id),
    number: integer('number').notNull(),
    dueDate: date('due_date').notNull(),
    amountCents: integer('amount_cents').notNull(),
    toBePaid: boolean('to_be_paid').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('installments_invoice_idx').on(t.invoiceId)],
);

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    gatewayId: integer('gateway_id').notNull(),
    /** Invoices | Installments */
    payKind: text('pay_kind').notNull(),
    totalAmountCents: integer('total_amount_cents').notNull(),
    /** What the payment collects; invoiceId and label are absent on rows written before them. */
    items: jsonb('items')
      .$type<{ kind: string; id: number; amountCents: number; invoiceId?: number; label?: string }[]>()
      .notNull(),
    /** The contract's PAYMENT_STATUSES: a row outside them would break every list it is in. */
    status: text('status').$type<erpPayments.PaymentStatus>().notNull(),
    /** The gateway's reference of the checkout (unique per gateway). */
    gatewayRef: text('gateway_ref'),
    /** Invoice page the browser returns to (/invoice/{id}/payment_ok or payment_ko). */
    returnInvoiceId: bigint('return_invoice_id', { mode: 'number' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    userOutcome: text('user_outcome'),
    userOutcomeDate: timestamp('user_outcome_date', { withTimezone: true }),
    redirectUrl: text('redirect_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('payments_gateway_ref_idx').on(t.gatewayId, t.gatewayRef),
  ],
);

/**
 * One row per bill (or installment) an open payment is collecting. The partial unique indexes
 * are what makes a concurrent second payment of the same bill fail instead of charging twice;
 * rows go when the payment is final (paid, refused, cancelled, expired).
 */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    installmentId: bigint('installment_id', { mode: 'number' }).references(() => installments.id),
  },
  (t) => [
    index('payment_claims_payment_idx').on(t.paymentId),
    uniqueIndex('payment_claims_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.installmentId} is null`),
    uniqueIndex('payment_claims_installment_idx')
      .on(t.installmentId)
      .where(sql`${t.installmentId} is not null`),
  ],
);

/** Gateway notifications already applied: the event id makes a replay a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    gatewayId: integer('gateway_id').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.eventId] })],
);

/**
 * The local test gateway's own checkouts (what a PSP keeps on its side): the hosted page reads
 * them, and each is charged at most once.
 */
export const testGatewayCheckouts = pgTable('test_gateway_checkouts', {
  id: text('id').primaryKey(),
  paymentKey: text('payment_key').notNull(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  okUrl: text('ok_url').notNull(),
  koUrl: text('ko_url').notNull(),
  /** open | succeeded | refused | cancelled */
  status: text('status').notNull(),
  eventId: text('event_id'),
  cardLast4: text('card_last4'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Payments collected outside the portal (bank transfer, post office, direct debit) as the ERP reports
 * them (ADR 040), by its key: what each one took off its bill, so a newer version (a direct debit
 * returned unpaid, a corrected amount) moves what is owed by the difference only.
 */
export const collectedPayments = pgTable(
  'collected_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    extKey: text('ext_key').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    /** bank | post | directDebit */
    channel: text('channel').notNull(),
    collectedOn: date('collected_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** A direct debit the bank returned unpaid: it takes nothing off the bill. */
    returned: boolean('returned').notNull(),
    /**
     * What it takes off the bill now: the amount, at most what the bill owed (the rest is the excess),
     * or 0 once returned.
     */
    appliedCents: integer('applied_cents').notNull(),
    /** Collected beyond what the bill owed: real money, kept as the customer's credit (ADR 051). */
    excessCents: integer('excess_cents').notNull().default(0),
  },
  (t) => [
    uniqueIndex('collected_payments_key_idx').on(t.companyCode, t.extKey),
    index('collected_payments_invoice_idx').on(t.invoiceId),
  ],
);

export const insolvencies = pgTable(
  'insolvencies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    contractId: bigint('contract_id', { mode: 'number' }).references(() => contracts.id),
    amountCents: integer('amount_cents').notNull(),
    sinceDate: date('since_date').notNull(),
    status: text('status').notNull(),
  },
  (t) => [index('insolvencies_customer_idx').on(t.customerId)],
);
