// A complaint's answer, as the CRM sends it (the integration module's import, ADR 040) or the care
// console writes it (ADR 042), in the caller's transaction: the complaint page shows it and its clock
// stops (ADR 030). The message that tells the customer is one text for both. A complaint has one
// answer (ADR 050): the care staff's is recorded with who gave it and reaches the supplier's systems
// as a `complaint.answered` event in the same transaction.
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { complaints, staffUsers } from '@sportello/db/schema';
import { erpKeyOf } from '../../platform/events/erp-keys.js';
import { recordEvent } from '../../platform/events/outbox.js';

/**
 * The complaint a brand's receipt key names, locked for the caller's transaction, with its answer and
 * the staff member who gave it (null: unanswered, or the supplier's systems' answer); null when none.
 */
export async function lockComplaintByKey(tx: Db, companyCode: string, key: string) {
  const [row] = await tx
    .select({
      id: complaints.id,
      customerId: complaints.customerId,
      answer: complaints.answer,
      answeredAt: complaints.answeredAt,
      answeredBy: { id: staffUsers.id, username: staffUsers.username },
    })
    .from(complaints)
    .leftJoin(staffUsers, eq(staffUsers.id, complaints.answeredByStaffId))
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

/** What the customer is told of an answer (a message, and their chosen channels). */
export const complaintAnswerNotice = (customerId: number, key: string, answer: string) => ({
  customerId,
  title: 'Risposta al tuo reclamo',
  body: `Il reclamo ${key} ha ricevuto risposta: ${answer}`,
});
