// SQL of the payment reminders (ADR 035): the bills still owed falling due in a range of days, with
// what `billToPay` needs to know of each (the same pay facts as every invoice answer, ADR 052), and
// claiming one reminder of a bill, once.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { contracts, invoices, paymentReminders } from '@sportello/db/schema';
import { payFactColumns, paymentPending } from './repository.js';

export function createRemindersRepository(db: Db) {
  return {
    /** Bills with something still to pay whose due date is in [from, to] (index invoices_owed_due_idx). */
    async owedDueBetween(from: string, to: string) {
      return db
        .select({
          id: invoices.id,
          key: invoices.key,
          customerId: invoices.customerId,
          number: invoices.number,
          invoiceTypeCode: invoices.invoiceTypeCode,
          dueDate: invoices.dueDate,
          issueDate: invoices.issueDate,
          periodStart: invoices.periodStart,
          periodEnd: invoices.periodEnd,
          amountCents: invoices.amountCents,
          outstandingCents: invoices.outstandingCents,
          paymentLevel: invoices.paymentLevel,
          cancelledAt: invoices.cancelledAt,
          paymentPending,
          ...payFactColumns,
        })
        .from(invoices)
        .innerJoin(contracts, eq(contracts.id, invoices.contractId))
        .where(
          and(sql`${invoices.outstandingCents} > 0`, gte(invoices.dueDate, from), lte(invoices.dueDate, to)),
        )
        .orderBy(invoices.dueDate, invoices.id);
    },

    /**
     * Records the reminder in the transaction `tx` that queues it: true for the one process (or tick)
     * that records it first.
     */
    async claim(tx: Db, invoiceId: number, kind: string, now: Date): Promise<boolean> {
      const rows = await tx
        .insert(paymentReminders)
        .values({ invoiceId, kind, sentAt: now })
        .onConflictDoNothing()
        .returning({ invoiceId: paymentReminders.invoiceId });
      return rows.length > 0;
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
