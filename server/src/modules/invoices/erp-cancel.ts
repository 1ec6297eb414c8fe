// A bill the supplier's systems cancel (the integration module's call, ADR 056), in the caller's
// transaction: nothing is owed on it any more (what is owed is the one figure every list, total,
// reminder and payment reads, ADR 024), and the bill keeps why and the credit note that cancelled it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { invoices } from '@sportello/db/schema';
import { paymentPending } from './repository.js';

/** The bill as a cancellation checks it, locked until the caller's transaction ends; undefined: none. */
export async function billToCancel(tx: Db, invoiceId: number) {
  const [bill] = await tx
    .select({
      id: invoices.id,
      key: invoices.key,
      number: invoices.number,
      customerId: invoices.customerId,
      invoiceTypeCode: invoices.invoiceTypeCode,
      amountCents: invoices.amountCents,
      outstandingCents: invoices.outstandingCents,
      cancelledAt: invoices.cancelledAt,
      paymentPending,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update', { of: invoices });
  return bill;
}

/** Cancels a bill not cancelled yet; answers whether it did. */
export async function cancelBill(
  tx: Db,
  cancellation: { invoiceId: number; reason: string; creditNoteId: number | null; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({
      cancelledAt: cancellation.now,
      cancelReason: cancellation.reason,
      creditNoteId: cancellation.creditNoteId,
      outstandingCents: 0,
    })
    .where(and(eq(invoices.id, cancellation.invoiceId), isNull(invoices.cancelledAt)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}
