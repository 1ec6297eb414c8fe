// When the portal reminds a customer of a bill to pay (ours, ADR 035): "Bolletta in scadenza" in the
// days before its due date, "Bolletta scaduta" a few days after it, once each per bill, and only for
// what the customer must pay themselves (`billToPay`, ADR 052): never for a bill the bank debits on
// the day, one in installments (each installment has its own date), one whose payment the gateway is
// still confirming, or one whose collection is suspended by an open complaint (ARERA TIQV, ADR 030).
import { billToPay, type BillPayFacts } from './bill-to-pay';
import { addDays } from './iso-date';

/** Ours, not a rule's: how many days around the due date each reminder goes out. */
export const PAYMENT_REMINDER_DAYS = {
  /** "Bolletta in scadenza" from this many days before the due date, up to the due date itself. */
  beforeDue: 5,
  /**
   * "Bolletta scaduta" from this many days after the due date: a transfer or a postal slip paid on
   * the last day takes a few working days to reach us, and we do not nag the customer who paid.
   */
  afterDue: 3,
  /** …and no later than this: a bill overdue longer is the collection process's, not a reminder's. */
  overdueUntil: 30,
} as const;

export type PaymentReminderKind = 'dueSoon' | 'overdue';
export const PAYMENT_REMINDER_KINDS: readonly PaymentReminderKind[] = ['dueSoon', 'overdue'];

/** A bill as the reminders see it: the facts `billToPay` reads. */
export type RemindableBill = BillPayFacts;

/** The due dates a bill may have for a reminder to be owed on `today`: the range a query starts from. */
export function paymentReminderDueDates(today: string): { from: string; to: string } {
  return {
    from: addDays(today, -PAYMENT_REMINDER_DAYS.overdueUntil),
    to: addDays(today, PAYMENT_REMINDER_DAYS.beforeDue),
  };
}

/**
 * The reminder a bill is owed on `today` (a Rome calendar day), if any: only a bill the customer must
 * pay themselves as a whole (`billToPay`), so never one on direct debit before its date, suspended,
 * prescribed whole, in installments or being confirmed.
 */
export function paymentReminderDue(bill: RemindableBill, today: string): PaymentReminderKind | null {
  if (billToPay(bill, today).way !== 'pay') return null;
  const { beforeDue, afterDue, overdueUntil } = PAYMENT_REMINDER_DAYS;
  if (today >= addDays(bill.dueDate, -beforeDue) && today <= bill.dueDate) return 'dueSoon';
  if (today >= addDays(bill.dueDate, afterDue) && today <= addDays(bill.dueDate, overdueUntil))
    return 'overdue';
  return null;
}
