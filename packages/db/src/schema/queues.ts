// The care console's work queues (ADR 042): who works a write-us message, a complaint,
// a request, a delegation request or a reading anomaly, whether it was escalated, and a version every
// change bumps, so two operators acting on the same item at once cannot both win. The item itself stays
// in its own table (requests, complaints, delegation_requests, readings); a row here exists once
// someone took, passed, escalated or answered it.
import { bigint, bigserial, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff.js';

export const staffWork = pgTable(
  'staff_work',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** complaint | request | delegation | reading: the table the item lives in. */
    itemKind: text('item_kind').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    assigneeId: bigint('assignee_id', { mode: 'number' }).references(() => staffUsers.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    escalatedBy: bigint('escalated_by', { mode: 'number' }).references(() => staffUsers.id),
    escalationReason: text('escalation_reason'),
    /**
     * A reading anomaly's answer and when it was sent: the reading itself is the ERP's verdict and does
     * not change, so the queue keeps what the customer was told (the other kinds keep it in their table).
     */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Bumped by every change: the optimistic check of the console's actions. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_work_item_idx').on(t.itemKind, t.itemId)],
);
