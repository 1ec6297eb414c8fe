// When the portal reminds a customer of a bill to pay (ours, ADR 035): "Bolletta in scadenza" in the
// days before its due date, "Bolletta scaduta" a few days after it, once each per bill. Never for a
// bill paid by direct debit (the bank pays it on the day), one in installments (each installment has
// its own date), one whose payment the gateway is still confirming, or one whose collection is
// suspended by an open complaint (ARERA TIQV, ADR 030): no reminder or late-payment notice is sent
// for a disputed amount while the complaint is open.
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

export interface RemindableBill {
  dueDate: string;
  outstandingCents: number;
  /** Paid | Unpaid | PartiallyPaid | Installments */
  paymentLevel: string;
  paidByDirectDebit: boolean;
  /** An open complaint whose category suspends collection names this bill (ADR 030). */
  collectionSuspended: boolean;
  /** The customer paid on the gateway's page and its confirmation has not come yet (ADR 025). */
  paymentPending: boolean;
}

/** The due dates a bill may have for a reminder to be owed on `today`: the range a query starts from. */
export function paymentReminderDueDates(today: string): { from: string; to: string } {
  return {
    from: addDays(today, -PAYMENT_REMINDER_DAYS.overdueUntil),
    to: addDays(today, PAYMENT_REMINDER_DAYS.beforeDue),
  };
}

/** The reminder a bill is owed on `today` (a Rome calendar day), if any. */
export function paymentReminderDue(bill: RemindableBill, today: string): PaymentReminderKind | null {
  if (bill.outstandingCents <= 0 || bill.paymentLevel === 'Paid' || bill.paymentLevel === 'Installments')
    return null;
  if (bill.paidByDirectDebit || bill.collectionSuspended || bill.paymentPending) return null;
  const { beforeDue, afterDue, overdueUntil } = PAYMENT_REMINDER_DAYS;
  if (today >= addDays(bill.dueDate, -beforeDue) && today <= bill.dueDate) return 'dueSoon';
  if (today >= addDays(bill.dueDate, afterDue) && today <= addDays(bill.dueDate, overdueUntil))
    return 'overdue';
  return null;
}
