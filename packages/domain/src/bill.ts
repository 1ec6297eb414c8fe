// Bolletta 2.0: how a bill's detail sections add up into the "scontrino dell'energia" (ARERA's
// summary headings), and the figures the summary page shows. Amounts are integer cents.

export type ReceiptKind = 'energy' | 'transport' | 'system' | 'taxes' | 'vat' | 'other';

export const RECEIPT_ORDER: readonly ReceiptKind[] = [
  'energy',
  'transport',
  'system',
  'taxes',
  'vat',
  'other',
];

export const RECEIPT_LABELS: Readonly<Record<ReceiptKind, string>> = {
  energy: 'Spesa per la materia energia',
  transport: 'Spesa per il trasporto e la gestione del contatore',
  system: 'Spesa per oneri di sistema',
  taxes: 'Imposte',
  vat: 'IVA',
  other: 'Altre partite',
};

// Checked in this order: "gestione del contatore" sections must not fall under energy.
const KIND_BY_TITLE: readonly [RegExp, ReceiptKind][] = [
  [/trasporto|contatore/i, 'transport'],
  [/oneri di sistema/i, 'system'],
  [/^iva\b/i, 'vat'],
  [/^imposte|accis/i, 'taxes'],
  [/materia|energia termica|^spesa per l'energia/i, 'energy'],
];

/** The receipt heading a detail section belongs to; anything unknown is "altre partite". */
export function receiptKindOf(sectionTitle: string): ReceiptKind {
  return KIND_BY_TITLE.find(([pattern]) => pattern.test(sectionTitle))?.[1] ?? 'other';
}

export interface ReceiptLine {
  kind: ReceiptKind;
  label: string;
  amountCents: number;
}

/** Every heading, in ARERA's order (zero when the bill has nothing under it); sums to the total. */
export function billReceipt(sections: readonly { title: string; totalCents: number }[]): ReceiptLine[] {
  const sums = new Map<ReceiptKind, number>(RECEIPT_ORDER.map((kind) => [kind, 0]));
  for (const section of sections) {
    const kind = receiptKindOf(section.title);
    sums.set(kind, (sums.get(kind) ?? 0) + section.totalCents);
  }
  return RECEIPT_ORDER.map((kind) => ({
    kind,
    label: RECEIPT_LABELS[kind],
    amountCents: sums.get(kind) ?? 0,
  }));
}

/** Cents per unit with two decimals, or null without consumption. */
export function averageCentsPerUnit(totalCents: number, quantity: number): number | null {
  if (quantity <= 0) return null;
  return Math.round((totalCents / quantity) * 100) / 100;
}

/** Register differences between two readings, by channel; a missing reading gives no figures. */
export function consumptionBetween(
  start: Readonly<Record<string, number>> | null,
  end: Readonly<Record<string, number>> | null,
): Record<string, number> {
  if (!start || !end) return {};
  return Object.fromEntries(
    Object.entries(end)
      .filter(([channel]) => start[channel] !== undefined)
      .map(([channel, value]) => [channel, Math.max(0, value - (start[channel] ?? 0))]),
  );
}

/** A bill still owed whose due date has passed; today is a Rome calendar day (YYYY-MM-DD). */
export function isBillOverdue(bill: { outstandingCents: number; dueDate: string }, today: string): boolean {
  return bill.outstandingCents > 0 && bill.dueDate < today;
}

export type BillStatus = 'overdue' | 'to_pay' | 'partial' | 'installments' | 'paid' | 'pending';

/**
 * The one status a bill shows in every list. A payment waiting for the gateway's confirmation wins
 * (the customer has paid: telling them it is overdue would make them pay twice); then overdue wins
 * over everything, a bill in instalments included: the lists put overdue bills first, so the flag
 * must say why.
 */
export function billStatus(bill: {
  overdue: boolean;
  paymentLevel: string;
  outstandingCents: number;
  amountCents: number;
  paymentPending?: boolean;
}): BillStatus {
  if (bill.outstandingCents <= 0) return 'paid';
  if (bill.paymentPending) return 'pending';
  if (bill.overdue) return 'overdue';
  if (bill.paymentLevel === 'Installments') return 'installments';
  return bill.outstandingCents < bill.amountCents ? 'partial' : 'to_pay';
}

/**
 * Whether a bill is paid as a whole from a list: not one in installments (paid installment by
 * installment) and not one whose payment waits for the gateway's confirmation.
 */
export function isPayableAsBill(bill: { paymentLevel: string; paymentPending: boolean }): boolean {
  return bill.paymentLevel !== 'Installments' && !bill.paymentPending;
}
