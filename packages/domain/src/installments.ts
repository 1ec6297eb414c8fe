// Installment (rata) rules from spec §4 and §9: the status code shown per installment and
// when a customer may ask to split an invoice into installments.
// Dates are YYYY-MM-DD strings, so lexical comparison equals chronological comparison.

import { addDays } from './iso-date';

/** 0 overdue and still to pay, 1 not yet due, 2 anything else (due today, or paid). */
export type InstallmentStatus = 0 | 1 | 2;

export function installmentStatus(
  installment: { dueDate: string; toBePaid: boolean },
  today: string,
): InstallmentStatus {
  if (installment.dueDate < today && installment.toBePaid) return 0;
  if (installment.dueDate > today) return 1;
  return 2;
}

const DAYS_AFTER_DUE_DATE = 10;
const DAYS_AFTER_ISSUE = 30;

/**
 * Last day (inclusive) a customer may ask to split an invoice. "From invoice issue up to 10 days
 * after the due date, within 30 days" is read as two limits that both apply (ADR 015): the window
 * is [issueDate, min(dueDate + 10 days, issueDate + 30 days)]. An invoice due more than 20 days
 * after issue is therefore closed by the 30-day limit first.
 */
export function installmentRequestLastDay(invoice: { issueDate: string; dueDate: string }): string {
  const afterDue = addDays(invoice.dueDate, DAYS_AFTER_DUE_DATE);
  const afterIssue = addDays(invoice.issueDate, DAYS_AFTER_ISSUE);
  return afterDue < afterIssue ? afterDue : afterIssue;
}

export function isInstallmentRequestAllowed(
  invoice: { issueDate: string; dueDate: string },
  today: string,
): boolean {
  return invoice.issueDate <= today && today <= installmentRequestLastDay(invoice);
}

/**
 * Installments of one bill are paid in order: a chosen installment may not leave an earlier one of
 * the same bill unpaid (ADR 025). Answers the first unpaid installment that would be skipped, or
 * null when the choice is the oldest unpaid ones of each bill.
 */
export function skippedInstallment<
  T extends { id: string; invoiceId: string; number: number; toBePaid: boolean },
>(all: readonly T[], chosenIds: ReadonlySet<string>): T | null {
  const unpaid = all.filter((i) => i.toBePaid).sort((a, b) => a.number - b.number);
  for (const chosen of unpaid.filter((i) => chosenIds.has(i.id))) {
    const skipped = unpaid.find(
      (i) => i.invoiceId === chosen.invoiceId && i.number < chosen.number && !chosenIds.has(i.id),
    );
    if (skipped) return skipped;
  }
  return null;
}

/** Days between the installments of a plan, the first one falling as long after the request. */
export const INSTALLMENT_PLAN_STEP_DAYS = 30;

/**
 * The plan a request would give: `count` installments of the amount still owed, in whole cents
 * (the remainder goes on the first), due every 30 days from the request day. The page shows it
 * before asking and the server stores the same plan with the request.
 */
export function installmentPlan(
  outstandingCents: number,
  count: number,
  requestDay: string,
): { number: number; amountCents: number; dueDate: string }[] {
  const base = Math.floor(outstandingCents / count);
  const remainder = outstandingCents - base * count;
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    amountCents: base + (i === 0 ? remainder : 0),
    dueDate: addDays(requestDay, INSTALLMENT_PLAN_STEP_DAYS * (i + 1)),
  }));
}
