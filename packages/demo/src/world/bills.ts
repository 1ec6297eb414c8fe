// A bill's figures from one computation: its amount is the sum of its detail sections, what is still
// owed follows from its payment level, and an installment plan splits the amount in three. The demo
// generator and the server's test fixtures both take their bills' figures from here.
import type { InferInsertModel } from 'drizzle-orm';
import type { installments } from '@sportello/server/db/schema';
import { addDays, romeInstant } from '../engine/dates.js';

export type PaymentLevel = 'Paid' | 'Unpaid' | 'PartiallyPaid' | 'Installments';

export interface BillSection {
  title: string;
  lines: readonly { label: string; quantity: string | null; amountCents: number }[];
  totalCents: number;
}

/** The amount of a bill and what is still owed on it at the given payment level. */
export function billFigures(
  sections: readonly BillSection[],
  level: PaymentLevel,
): { amountCents: number; outstandingCents: number } {
  const amountCents = sections.reduce((sum, section) => sum + section.totalCents, 0);
  return { amountCents, outstandingCents: outstandingAt(level, amountCents) };
}

function outstandingAt(level: PaymentLevel, amountCents: number): number {
  switch (level) {
    case 'Paid':
      return 0;
    case 'Unpaid':
      return amountCents;
    case 'PartiallyPaid':
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
