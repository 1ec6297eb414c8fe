// A complaint's answer, as the CRM sends it (the integration module's import, ADR 040) or the care
// console writes it (ADR 042), in the caller's transaction: the complaint page shows it and its clock
// stops (ADR 030). The message that tells the customer is one text for both.
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { complaints } from '@sportello/db/schema';

/** The complaint a brand's receipt key names, locked for the caller's transaction; null when none. */
export async function lockComplaintByKey(tx: Db, companyCode: string, key: string) {
  const [row] = await tx
    .select({ id: complaints.id, customerId: complaints.customerId, answer: complaints.answer })
    .from(complaints)
    .where(and(eq(complaints.companyCode, companyCode), eq(complaints.key, key)))
    .for('update');
  return row ?? null;
}

export async function answerComplaint(tx: Db, answer: { id: number; answer: string; answeredAt: Date }) {
  await tx
    .update(complaints)
    .set({ answer: answer.answer, answeredAt: answer.answeredAt })
    .where(eq(complaints.id, answer.id));
}

/** What the customer is told of an answer (a message, and their chosen channels). */
export const complaintAnswerNotice = (customerId: number, key: string, answer: string) => ({
  customerId,
  title: 'Risposta al tuo reclamo',
  body: `Il reclamo ${key} ha ricevuto risposta: ${answer}`,
});
