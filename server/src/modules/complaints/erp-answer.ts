// A complaint's answer and its rectification, as the CRM sends them (the integration module's import,
// ADR 040) or the care console writes them (ADR 042), in the caller's transaction: the complaint page
// shows them and their clocks stop (ADR 030, 063). The message that tells the customer is one text for
// both. A complaint has one answer and one rectification outcome (ADR 050): the care staff's are
// recorded with who gave them and reach the supplier's systems as events in the same transaction.
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@sportello/db/client';
import { formatDate, todayInRome } from '@sportello/domain';
import { complaints, staffUsers } from '@sportello/db/schema';
import { erpKeyOf } from '../../platform/events/erp-keys.js';
import { recordEvent } from '../../platform/events/outbox.js';

const rectifiers = alias(staffUsers, 'rectifiers');

/**
 * The complaint a brand's receipt key names, locked for the caller's transaction, with its answer and
 * rectification and the staff members who gave them (null: not yet, or the supplier's systems did);
 * null when none.
 */
export async function lockComplaintByKey(tx: Db, companyCode: string, key: string) {
  const [row] = await tx
    .select({
      id: complaints.id,
      customerId: complaints.customerId,
      answer: complaints.answer,
      answeredAt: complaints.answeredAt,
      answeredBy: { id: staffUsers.id, username: staffUsers.username },
      filedAt: complaints.filedAt,
      rectificationDueDate: complaints.rectificationDueDate,
      rectificationOutcome: complaints.rectificationOutcome,
      rectifiedAt: complaints.rectifiedAt,
      rectifiedBy: { id: rectifiers.id, username: rectifiers.username },
    })
    .from(complaints)
    .leftJoin(staffUsers, eq(staffUsers.id, complaints.answeredByStaffId))
    .leftJoin(rectifiers, eq(rectifiers.id, complaints.rectifiedByStaffId))
    .where(and(eq(complaints.companyCode, companyCode), eq(complaints.key, key)))
    .for('update', { of: complaints });
  return row ?? null;
}

export async function answerComplaint(tx: Db, answer: { id: number; answer: string; answeredAt: Date }) {
  await tx
    .update(complaints)
    .set({ answer: answer.answer, answeredAt: answer.answeredAt, answeredByStaffId: null })
    .where(eq(complaints.id, answer.id));
}

/** The care staff's answer, kept with who gave it, and its event for the supplier's systems. */
export async function answerComplaintByStaff(
  tx: Db,
  answer: { id: number; answer: string; answeredAt: Date; staffUserId: number },
) {
  const [row] = await tx
    .update(complaints)
    .set({ answer: answer.answer, answeredAt: answer.answeredAt, answeredByStaffId: answer.staffUserId })
    .where(eq(complaints.id, answer.id))
    .returning({
      key: complaints.key,
      companyCode: complaints.companyCode,
      customerId: complaints.customerId,
      supplyId: complaints.supplyId,
      invoiceId: complaints.invoiceId,
    });
  if (!row) throw new Error(`complaint ${answer.id} vanished under its lock`);
  await recordEvent(tx, {
    companyCode: row.companyCode,
    customerId: row.customerId,
    kind: 'complaint.answered',
    entityKey: row.key,
    staffUserId: answer.staffUserId,
    payload: {
      complaintKey: row.key,
      answer: answer.answer,
      answeredAt: answer.answeredAt.toISOString(),
      supplyId: row.supplyId,
      supplyExtKey: await erpKeyOf(tx, 'supply', row.supplyId),
      billId: row.invoiceId,
      billExtKey: await erpKeyOf(tx, 'bill', row.invoiceId),
    },
  });
}

export type LockedComplaint = NonNullable<Awaited<ReturnType<typeof lockComplaintByKey>>>;
export type RectificationRecord = { outcome: 'rectified' | 'not_due'; at: Date };

/**
 * Whether a rectification may be recorded on the locked complaint: `write` when still due, `same` when
 * this outcome and day are already recorded (a replay, nothing to do), `other` when another is
 * (the first stays: ADR 050), `none` when the category has no rectification clock. Days compare in Rome.
 */
export function rectificationFits(
  complaint: LockedComplaint,
  record: RectificationRecord,
): 'write' | 'same' | 'other' | 'none' {
  if (complaint.rectificationDueDate === null) return 'none';
  if (complaint.rectificationOutcome === null) return 'write';
  const sameDay =
    complaint.rectifiedAt !== null && todayInRome(complaint.rectifiedAt) === todayInRome(record.at);
  return complaint.rectificationOutcome === record.outcome && sameDay ? 'same' : 'other';
}

/** The rectification's outcome and day; with the staff member who recorded it and its event for the supplier's systems. */
export async function rectifyComplaint(
  tx: Db,
  rectification: RectificationRecord & { id: number; staffUserId: number | null },
) {
  const [row] = await tx
    .update(complaints)
    .set({
      rectificationOutcome: rectification.outcome,
      rectifiedAt: rectification.at,
      rectifiedByStaffId: rectification.staffUserId,
    })
    .where(eq(complaints.id, rectification.id))
    .returning({
      key: complaints.key,
      companyCode: complaints.companyCode,
      customerId: complaints.customerId,
    });
  if (!row) throw new Error(`complaint ${rectification.id} vanished under its lock`);
  if (rectification.staffUserId === null) return;
  await recordEvent(tx, {
    companyCode: row.companyCode,
    customerId: row.customerId,
    kind: 'complaint.rectified',
    entityKey: row.key,
    staffUserId: rectification.staffUserId,
    payload: { complaintKey: row.key, outcome: rectification.outcome, at: rectification.at.toISOString() },
  });
}

/** What the customer is told of an answer (a message, and their chosen channels). */
export const complaintAnswerNotice = (customerId: number, key: string, answer: string) => ({
  customerId,
  title: 'Risposta al tuo reclamo',
  body: `Il reclamo ${key} ha ricevuto risposta: ${answer}`,
});

/** What the customer is told of a rectification recorded. */
export const complaintRectificationNotice = (
  customerId: number,
  key: string,
  record: RectificationRecord,
) => ({
  customerId,
  title: 'Rettifica della bolletta',
  body:
    record.outcome === 'rectified'
      ? `Per il reclamo ${key} la bolletta è stata rettificata il ${formatDate(todayInRome(record.at))}.`
      : `Per il reclamo ${key} la verifica ha confermato la bolletta: non c’è nulla da rettificare.`,
});
