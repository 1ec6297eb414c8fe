// The demo's bills: what is still owed at each payment level the generator picks (its amount, row,
// payment level and document are every bill's, from packages/domain and packages/db), and an
// installment plan splitting the amount in three. The demo generator and the server's test fixtures
// both take their bills' figures from here.
import { billAmountCents, type BillSection, type PaymentLevel } from '@sportello/domain';
import type { InferInsertModel } from 'drizzle-orm';
import type { installments } from '@sportello/db/schema';
import { addDays, romeInstant } from '../engine/dates.js';

/** The amount of a bill and what the demo leaves owed on it at the given payment level. */
export function billFigures(
  sections: readonly BillSection[],
  level: PaymentLevel,
): { amountCents: number; outstandingCents: number } {
  const amountCents = billAmountCents(sections);
  return { amountCents, outstandingCents: outstandingAt(level, amountCents) };
}

function outstandingAt(level: PaymentLevel, amountCents: number): number {
  switch (level) {
    case 'Paid':
      return 0;
    case 'Unpaid':
      return amountCents;
    case 'PartiallyPaid':
      // A demo choice: a partially paid demo bill still owes 45 % of its amount.
      return Math.round(amountCents * 0.45);
    case 'Installments':
      // The first of the three installments is paid.
      return amountCents - Math.floor(amountCents / 3);
  }
}

/** Days before today the installments fall due: one paid (40 days ago), one overdue, one to come. */
export const INSTALLMENT_DAYS_AGO = [40, 10, -20] as const;

/**
 * The three installments of a bill in installments: equal shares, the last taking the cents the
 * division leaves; the first one paid at 10:15 the day before it fell due.
 */
export function installmentPlan(plan: {
  invoiceId: number;
  contractId: number;
  amountCents: number;
  today: string;
}): InferInsertModel<typeof installments>[] {
  const share = Math.floor(plan.amountCents / 3);
  return INSTALLMENT_DAYS_AGO.map((daysAgo, i) => {
    const dueDate = addDays(plan.today, -daysAgo);
    const paid = i === 0;
    return {
      invoiceId: plan.invoiceId,
      contractId: plan.contractId,
      number: i + 1,
      dueDate,
      amountCents: i === 2 ? plan.amountCents - 2 * share : share,
      toBePaid: !paid,
      paidAt: paid ? romeInstant(addDays(dueDate, -1), 10, 15) : null,
    };
  });
}
