// Invoices, their detail sections and installments, payments, documents and insolvencies.
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('documents_customer_idx').on(t.customerId)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    extKey: text('ext_key').notNull().unique(),
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
  },
  (t) => [
    index('invoices_customer_idx').on(t.customerId, t.issueDate),
    index('invoices_contract_idx').on(t.contractId),
  ],
);

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
      .$type<{ label: string; quantity: string | null; amountCents: number }[]>()
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
    items: jsonb('items').$type<{ kind: string; id: number; amountCents: number }[]>().notNull(),
    status: text('status').notNull(),
    userOutcome: text('user_outcome'),
    userOutcomeDate: timestamp('user_outcome_date', { withTimezone: true }),
    redirectUrl: text('redirect_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_customer_idx').on(t.customerId)],
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
