// A complaint's answer as the CRM sends it (the integration module's import, ADR 040), written in its
// transaction: the complaint page shows it and its clock stops (ADR 030).
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
