// Payments collected outside the portal (bank, post office, direct debit) as the ERP reports them
// (ADR 040): each kept by its key with what it takes off its bill, so a newer version moves what is
// owed by the difference only (a direct debit returned unpaid gives back what it took). What is owed
// and the bill's payment level are settled by the one `applyPaid` a portal payment uses (ADR 024).
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { collectedPayments, invoices } from '@sportello/db/schema';

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
 * Writes the payment in the caller's transaction and answers its id, the cents it takes off its bill
 * beyond what it took before (negative: owed again), which the caller settles the bill with, and what
 * it collected beyond what the bill owed, now and before. A payment takes off at most what its bill
 * owes (this payment's own share counted back in); the rest is real money the customer paid, kept as
 * their credit rather than lost in a bill that cannot owe less than nothing.
 */
export async function saveCollectedPayment(tx: Db, payment: ErpCollectedPayment) {
  const [bill] = await tx
    .select({ outstandingCents: invoices.outstandingCents })
    .from(invoices)
    .where(eq(invoices.id, payment.invoiceId))
    .for('update');
  const [before] = await tx
    .select({
      id: collectedPayments.id,
      appliedCents: collectedPayments.appliedCents,
      excessCents: collectedPayments.excessCents,
    })
    .from(collectedPayments)
    .where(
      and(
        eq(collectedPayments.companyCode, payment.companyCode),
        eq(collectedPayments.extKey, payment.extKey),
      ),
    )
    .for('update');
  const owed = Math.max((bill?.outstandingCents ?? 0) + (before?.appliedCents ?? 0), 0);
  const appliedCents = payment.returned ? 0 : Math.min(payment.amountCents, owed);
  const excessCents = payment.returned ? 0 : payment.amountCents - appliedCents;
  if (before) {
    await tx
      .update(collectedPayments)
      .set({ ...payment, appliedCents, excessCents })
      .where(eq(collectedPayments.id, before.id));
    return {
      id: before.id,
      deltaCents: appliedCents - before.appliedCents,
      excessCents,
      excessBefore: before.excessCents,
    };
  }
  const [row] = await tx
    .insert(collectedPayments)
    .values({ ...payment, appliedCents, excessCents })
    .returning({ id: collectedPayments.id });
  return { id: row!.id, deltaCents: appliedCents, excessCents, excessBefore: 0 };
}
