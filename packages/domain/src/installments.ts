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
