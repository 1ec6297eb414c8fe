// Customer relationship: requests (tickets/practices), proposals and messages.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { customers } from './customers.js';
import { documents } from './billing.js';
import { contracts } from './supply.js';

export const requests = pgTable(
  'requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    contractId: bigint('contract_id', { mode: 'number' }).references(() => contracts.id),
    /** e.g. Var_Anagrafica, GestioneSDD, ShippingAddress, Installments, Information … */
    requestType: text('request_type').notNull(),
    /** Aperto | InLavorazione | Chiuso | Annullato */
    status: text('status').notNull(),
    phaseCode: text('phase_code'),
    description: text('description'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    closedDate: timestamp('closed_date', { withTimezone: true }),
    /** The care console's written answer (ADR 042), shown in Pratiche. */
    answer: text('answer'),
    /**
     * The care staff member who set the current state (ADR 050): a request a staff member ended is
     * not reopened by the supplier's systems. Null: the customer's or the ERP's state.
     */
    phaseByStaffId: bigint('phase_by_staff_id', { mode: 'number' }),
  },
  (t) => [
    index('requests_customer_idx').on(t.customerId, t.createdDate),
    index('requests_contract_type_idx').on(t.contractId, t.requestType, t.createdDate),
    // The care console's queue (ADR 042): the open few of every request ever made.
    index('requests_open_idx')
      .on(t.createdDate)
      .where(sql`${t.status} in ('Aperto', 'InLavorazione')`),
    // One open erasure and one open objection per customer (GDPR arts. 17, 21; ADR 069): a second
    // identical request while one is being handled is refused, even when two arrive at once. The types
    // are the domain's PRIVACY_REQUEST_KINDS.
    uniqueIndex('requests_privacy_open_idx')
      .on(t.customerId, t.requestType)
      .where(
        sql`${t.requestType} in ('CancellazioneDati', 'OpposizioneTrattamento') and ${t.status} in ('Aperto', 'InLavorazione')`,
      ),
  ],
);

export const proposals = pgTable(
  'proposals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    contractId: bigint('contract_id', { mode: 'number' }).references(() => contracts.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** The offer's price of energy, in millionths of a euro per `priceUnit` (0,1234 €/kWh → 123400). */
    energyPriceMicro: integer('energy_price_micro'),
    /** kWh or Smc. */
    priceUnit: text('price_unit'),
    /** The fixed fee, in cents a month. */
    fixedFeeCents: integer('fixed_fee_cents'),
    /** When the new conditions would apply. */
    effectiveDate: date('effective_date'),
    /** null until answered; then accepted | rejected */
    actionSelected: text('action_selected'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the ERP withdrew it (ADR 056): the customer no longer sees it and cannot answer it. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('proposals_customer_idx').on(t.customerId)],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    category: text('category').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the ERP withdrew it (ADR 056): the customer no longer sees it. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** The PDF the ERP attached, kept as the customer's document (rewritten first, ADR 055). */
    attachmentDocumentId: bigint('attachment_document_id', { mode: 'number' }).references(() => documents.id),
  },
  (t) => [index('messages_customer_idx').on(t.customerId, t.sentAt)],
);

/**
 * A workflow task waiting for the customer's reply (SPEC §7 workflow/task-execute), reached from a
 * module 6 link. The replies it accepts are listed; it is answered once.
 */
export const workflowTasks = pgTable(
  'workflow_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The workflowId the client sends. */
    workflowId: text('workflow_id').notNull().unique(),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    taskName: text('task_name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Reply values accepted, e.g. ['confirm', 'reschedule', 'refuse']. */
    replies: jsonb('replies').$type<string[]>().notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_tasks_customer_idx').on(t.customerId)],
);
