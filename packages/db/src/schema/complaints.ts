// Complaints (reclami, ARERA TIQV): their own record, number, state and clock, apart from write-us
// requests. Attachments are kept as the customer's documents (like a self-reading's photo) and linked
// here. A complaint runs two clocks (TIQV): the reasoned reply's, and for billing matters the
// rectification's, each with its due date and the day it was done. The compensation is not stored: it
// follows from the dates (packages/domain regulation/tiqv). The bills whose collection a complaint
// suspends are listed apart, since a complaint about readings concerns every bill it finds owed.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { documents, invoices } from './billing.js';
import { companies } from './companies.js';
import { customers } from './customers.js';
import { supplies } from './supply.js';

export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The complaint's number, given to the customer as its receipt (RCL-<year>-<6 hex>). */
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
    /** The bill complained about, where the category concerns one. */
    invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
    /** A COMPLAINT_CATEGORIES code of @sportello/domain. */
    category: text('category').notNull(),
    body: text('body').notNull(),
    /** email | phone | post: how the customer wants the answer. */
    contactPreference: text('contact_preference').notNull(),
    /** The e-mail the logged-out form gave (a logged-in customer's contacts are on file). */
    contactEmail: text('contact_email'),
    /** The category's rule at filing: collection of the bill waits for the answer. */
    suspendsCollection: boolean('suspends_collection').notNull(),
    /** Filed logged in (user) or from the logged-out form (guest). */
    channel: text('channel').notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    /** The day the reasoned reply is due (Europe/Rome), from the reply standard at filing. */
    dueDate: date('due_date').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answer: text('answer'),
    /** The care staff member who answered (ADR 050); null: unanswered, or answered by the supplier's systems. */
    answeredByStaffId: bigint('answered_by_staff_id', { mode: 'number' }),
    /** The day the bill's rectification is due (Europe/Rome); null: the category has no such clock. */
    rectificationDueDate: date('rectification_due_date'),
    /** rectified | not_due (the bill was right); null while the rectification is still due. */
    rectificationOutcome: text('rectification_outcome'),
    /** When the rectification was made, or found not due. */
    rectifiedAt: timestamp('rectified_at', { withTimezone: true }),
    /** The care staff member who recorded the rectification; null: the supplier's systems did. */
    rectifiedByStaffId: bigint('rectified_by_staff_id', { mode: 'number' }),
    /** Who the logged-out form says is writing, as TIQV's minimum content asks (name, supply address, service, POD/PDR or client code). */
    guestSender: jsonb('guest_sender').$type<{
      firstName: string;
      lastName: string;
      supplyAddress: string;
      commodity: string;
      pointCode: string | null;
      customerCode: string | null;
    }>(),
    /** SHA-256 of the code the logged-out sender looks the complaint up with (shown once, mailed once). */
    lookupCodeHash: text('lookup_code_hash'),
    /** The bill the automatic compensation was credited on, once it is. */
    compensationInvoiceId: bigint('compensation_invoice_id', { mode: 'number' }).references(
      () => invoices.id,
    ),
  },
  (t) => [
    index('complaints_customer_idx').on(t.customerId, t.filedAt),
    index('complaints_invoice_idx').on(t.invoiceId),
    // The care console's queue (ADR 042): the unanswered few of every complaint ever filed.
    index('complaints_unanswered_idx')
      .on(t.filedAt)
      .where(sql`${t.answeredAt} is null`),
  ],
);

export const complaintAttachments = pgTable(
  'complaint_attachments',
  {
    complaintId: bigint('complaint_id', { mode: 'number' })
      .notNull()
      .references(() => complaints.id),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id),
    fileName: text('file_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.complaintId, t.documentId] })],
);

/** The bills whose collection a complaint suspends until it is settled (replied to, and rectified where due). */
export const complaintSuspendedBills = pgTable(
  'complaint_suspended_bills',
  {
    complaintId: bigint('complaint_id', { mode: 'number' })
      .notNull()
      .references(() => complaints.id),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
  },
  (t) => [
    primaryKey({ columns: [t.complaintId, t.invoiceId] }),
    index('complaint_suspended_bills_invoice_idx').on(t.invoiceId),
  ],
);
