// Payments collected outside the portal (bank, post office, direct debit) as the ERP reports them
// (ADR 040): each kept by its key with what it takes off its bill, so a newer version moves what is
// owed by the difference only (a direct debit returned unpaid gives back what it took). What is owed
// and the bill's payment level are settled by the one `applyPaid` a portal payment uses (ADR 024).
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { collectedPayments } from '@sportello/db/schema';

export interface ErpCollectedPayment {
  companyCode: string;
  extKey: string;
  invoiceId: number;
  channel: string;
  collectedOn: string;
  amountCents: number;
  returned: boolean;
}

/** The collected payment an ERP key names in a brand, if loaded: the bill it pays. */
export async function collectedPaymentOf(tx: Db, companyCode: string, extKey: string) {
  const [row] = await tx
    .select({ id: collectedPayments.id, invoiceId: collectedPayments.invoiceId })
    .from(collectedPayments)
    .where(and(eq(collectedPayments.companyCode, companyCode), eq(collectedPayments.extKey, extKey)));
  return row ?? null;
}

/**
 * Writes the payment in the caller's transaction and answers its id and the cents it takes off its
 * bill beyond what it took before (negative: owed again). The caller settles the bill with them.
 */
export async function saveCollectedPayment(tx: Db, payment: ErpCollectedPayment) {
  const appliedCents = payment.returned ? 0 : payment.amountCents;
  const [before] = await tx
    .select({ id: collectedPayments.id, appliedCents: collectedPayments.appliedCents })
    .from(collectedPayments)
    .where(
      and(
        eq(collectedPayments.companyCode, payment.companyCode),
        eq(collectedPayments.extKey, payment.extKey),
      ),
    )
    .for('update');
  if (before) {
    await tx
      .update(collectedPayments)
      .set({ ...payment, appliedCents })
      .where(eq(collectedPayments.id, before.id));
    return { id: before.id, deltaCents: appliedCents - before.appliedCents };
  }
  const [row] = await tx
    .insert(collectedPayments)
    .values({ ...payment, appliedCents })
    .returning({ id: collectedPayments.id });
  return { id: row!.id, deltaCents: appliedCents };
}
