// What a customer must pay themselves of a bill, and by when: the one rule the dashboard, the bills
// list, the bill page, the PDF, the payment reminders and the API answer from (ADR 052). Whatever
// someone else collects or nobody may ask for yet is left out of it, and said apart:
// - a bill on direct debit is taken by the bank on its due date: the customer does nothing. Still owed
//   once the bank's window for returning a debit has passed, the debit failed: the customer pays it;
// - a bill whose collection an open complaint suspends is not asked for until the answer (TIQV);
// - the prescribed part of a bill (consumption over two years old, L. 205/2017) may be refused, so it
//   is never counted as due: paying it is the customer's choice, not our request;
// - a bill in installments is due installment by installment: the overdue ones and the next;
// - a payment the gateway is still confirming is not asked for again;
// - a bill the supplier cancelled asks for nothing.

/** How what is left of a bill gets paid. */
import { addDays } from './iso-date';

export type PayWay =
  | 'pay'
  | 'direct_debit'
  | 'installments'
  | 'pending'
  | 'suspended'
  | 'prescribed'
  | 'paid'
  | 'credit'
  | 'cancelled';

export interface BillPayFacts {
  amountCents: number;
  outstandingCents: number;
  dueDate: string;
  /** Paid | Unpaid | PartiallyPaid | Installments */
  paymentLevel: string;
  /** The customer paid on the gateway's page and its confirmation has not come yet (ADR 025). */
  paymentPending: boolean;
  /** The bill's contract has a SEPA mandate: the bank pays it on the due date. */
  directDebit: boolean;
  /** An open complaint whose category suspends collection names this bill (ADR 030). */
  collectionSuspended: boolean;
  /** The part of the bill for consumption over two years old at its issue (billPrescription), or 0. */
  prescribedCents: number;
  /** The bill's installments still to pay, if it is in installments. */
  unpaidInstallments: readonly { number: number; amountCents: number; dueDate: string }[];
  /** The supplier cancelled the bill (ADR 056): nothing of it is asked for, whatever it says it owes. */
  cancelled?: boolean;
}

export interface BillToPay {
  way: PayWay;
  /** What the customer must pay themselves now: 0 when the bank, a complaint or the gateway has it. */
  yoursCents: number;
  /** By when: the due date, the next installment's, or the day of the debit; null when nothing is due. */
  byDate: string | null;
  /** `byDate` has passed with the amount still to pay. */
  overdue: boolean;
  /** What the bank will take on `byDate` (direct debit), else 0. */
  debitCents: number;
  /** Held back while a complaint is open. */
  suspendedCents: number;
  /** Prescribed and so not asked for; the customer may still choose to pay it. */
  prescribedCents: number;
  /** The installment `byDate` belongs to, for a bill in installments. */
  installmentNumber: number | null;
}

/**
 * Calendar days after the due date in which a SEPA Core debit may still come back unpaid (the payer's
 * bank returns it within 5 TARGET2 working days of settlement, SEPA Core rulebook): until then a bill
 * still owed is the bank's, and nobody asks the customer to pay it.
 */
export const DIRECT_DEBIT_RETURN_DAYS = 8;

const NOTHING = {
  yoursCents: 0,
  byDate: null,
  overdue: false,
  debitCents: 0,
  suspendedCents: 0,
  prescribedCents: 0,
  installmentNumber: null,
} as const;

/** What of `bill` the customer must pay themselves and by when, on `today` (a Rome calendar day). */
export function billToPay(bill: BillPayFacts, today: string): BillToPay {
  if (bill.cancelled) return { way: 'cancelled', ...NOTHING };
  if (bill.amountCents < 0) return { way: 'credit', ...NOTHING };
  if (bill.outstandingCents <= 0) return { way: 'paid', ...NOTHING };
  if (bill.collectionSuspended)
    return { way: 'suspended', ...NOTHING, suspendedCents: bill.outstandingCents };
  const prescribedCents = Math.min(Math.max(bill.prescribedCents, 0), bill.outstandingCents);
  const dueCents = bill.outstandingCents - prescribedCents;
  if (dueCents <= 0) return { way: 'prescribed', ...NOTHING, prescribedCents };
  if (bill.paymentPending) return { way: 'pending', ...NOTHING, prescribedCents };
  if (bill.paymentLevel === 'Installments') {
    // The overdue installments must be paid now, with the next one; later ones are not due yet. A plan
    // not (yet) listed leaves the bill's own date.
    const plan = [...bill.unpaidInstallments].sort((a, b) => a.number - b.number);
    const next = plan[0] ?? { number: null, amountCents: dueCents, dueDate: bill.dueDate };
    const now = plan.length === 0 ? [next] : plan.filter((i) => i.dueDate < today || i === next);
    return {
      way: 'installments',
      ...NOTHING,
      yoursCents: Math.min(
        now.reduce((sum, i) => sum + i.amountCents, 0),
        dueCents,
      ),
      byDate: next.dueDate,
      overdue: next.dueDate < today,
      prescribedCents,
      installmentNumber: next.number,
    };
  }
  if (bill.directDebit && today <= addDays(bill.dueDate, DIRECT_DEBIT_RETURN_DAYS))
    return { way: 'direct_debit', ...NOTHING, byDate: bill.dueDate, debitCents: dueCents, prescribedCents };
  const overdue = bill.dueDate < today;
  return { way: 'pay', ...NOTHING, yoursCents: dueCents, byDate: bill.dueDate, overdue, prescribedCents };
}

export interface AmountsToPay {
  /** How many bills ask something of the customer now, and the sum. */
  count: number;
  yoursCents: number;
  /** The earliest date among them, and how many of them are overdue. */
  byDate: string | null;
  overdueCount: number;
  /** Bills the bank will take on their date, and the sum. */
  debitCount: number;
  debitCents: number;
  /** Bills held back by an open complaint, and the sum. */
  suspendedCount: number;
  suspendedCents: number;
}

/** The sums over a customer's bills that the dashboard and the bills list head with. */
export function amountsToPay(bills: readonly BillToPay[]): AmountsToPay {
  const yours = bills.filter((b) => b.yoursCents > 0);
  const debited = bills.filter((b) => b.debitCents > 0);
  const suspended = bills.filter((b) => b.suspendedCents > 0);
  const sum = (list: readonly BillToPay[], pick: (b: BillToPay) => number) =>
    list.reduce((total, b) => total + pick(b), 0);
  return {
    count: yours.length,
    yoursCents: sum(yours, (b) => b.yoursCents),
    byDate: yours.map((b) => b.byDate ?? '').sort()[0] ?? null,
    overdueCount: yours.filter((b) => b.overdue).length,
    debitCount: debited.length,
    debitCents: sum(debited, (b) => b.debitCents),
    suspendedCount: suspended.length,
    suspendedCents: sum(suspended, (b) => b.suspendedCents),
  };
}

/** Bills to pay yourself in the order a customer acts on them: the soonest date first. */
export function byDateToPay<T extends { toPay: BillToPay }>(bills: readonly T[]): T[] {
  return [...bills].sort((a, b) => (a.toPay.byDate ?? '9999').localeCompare(b.toPay.byDate ?? '9999'));
}

/** The one amount a bill's line shows: what the customer pays, what the bank takes, or what is held. */
export function lineCents(toPay: BillToPay): number {
  return toPay.yoursCents || toPay.debitCents || toPay.suspendedCents || toPay.prescribedCents;
}
