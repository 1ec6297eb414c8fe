// Bolletta 2.0: how a bill's detail sections add up into the "scontrino dell'energia" (ARERA's
// summary headings), and the figures the summary page shows. Amounts are integer cents.
import type { BillToPay } from './bill-to-pay';

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

export type BillCommodity = 'electricity' | 'gas' | 'heat';

/** The energy heading in the commodity's own words: a gas bill never says "materia energia". */
const ENERGY_LABELS: Readonly<Record<BillCommodity, string>> = {
  electricity: RECEIPT_LABELS.energy,
  gas: 'Spesa per la materia gas naturale',
  heat: "Spesa per l'energia termica",
};

/** Every heading, in ARERA's order (zero when the bill has nothing under it); sums to the total. */
export function billReceipt(
  sections: readonly { title: string; totalCents: number }[],
  commodity: BillCommodity = 'electricity',
): ReceiptLine[] {
  const sums = new Map<ReceiptKind, number>(RECEIPT_ORDER.map((kind) => [kind, 0]));
  for (const section of sections) {
    const kind = receiptKindOf(section.title);
    sums.set(kind, (sums.get(kind) ?? 0) + section.totalCents);
  }
  return RECEIPT_ORDER.map((kind) => ({
    kind,
    label: kind === 'energy' ? ENERGY_LABELS[commodity] : RECEIPT_LABELS[kind],
    amountCents: sums.get(kind) ?? 0,
  }));
}

/**
 * VAT on a taxable amount at a whole percentage, rounded half away from zero on the absolute value,
 * so a credit note mirrors the bill it reverses: −21,65 € at 10 % gives −2,17 € as 21,65 € gives 2,17 €.
 */
export function vatCents(taxableCents: number, ratePercent: number): number {
  const cents = Math.round((Math.abs(taxableCents) * ratePercent) / 100);
  return taxableCents < 0 ? -cents : cents;
}

/** The TV licence (canone RAI) is charged with electricity in ten monthly instalments, January to October. */
export const TV_LICENCE_MONTHS = 10;

/** Calendar months of a period (YYYY-MM-DD, both ends included) that carry a TV licence instalment. */
export function tvLicenceMonths(start: string, end: string): number {
  let months = 0;
  for (let year = Number(start.slice(0, 4)), month = Number(start.slice(5, 7)); ; month++) {
    if (month > 12) {
      year++;
      month = 1;
    }
    const yearMonth = `${year}-${String(month).padStart(2, '0')}`;
    if (yearMonth > end.slice(0, 7)) return months;
    if (month <= TV_LICENCE_MONTHS) months++;
  }
}

/**
 * The energy cost per unit, VAT included, in cents with two decimals: the bill's receipt without
 * "altre partite" (the TV licence is not a price of energy), over the billed quantity. Null without
 * consumption, and for a credit (a negative price per unit means nothing to a reader).
 */
export function averageCentsPerUnit(receipt: readonly ReceiptLine[], quantity: number): number | null {
  const energyCents = receipt.filter((l) => l.kind !== 'other').reduce((sum, l) => sum + l.amountCents, 0);
  if (quantity <= 0 || energyCents <= 0) return null;
  return Math.round((energyCents / quantity) * 100) / 100;
}

/**
 * The quantity a bill charges: the units on the lines of its energy section (the same quantity the
 * other per-unit lines repeat). Null when no line carries units, as on a credit note.
 */
export function billedQuantity(
  sections: readonly { kind: ReceiptKind; lines: readonly { units?: number | undefined }[] }[],
): number | null {
  const units = sections
    .filter((s) => s.kind === 'energy')
    .flatMap((s) => s.lines.map((l) => l.units))
    .filter((u): u is number => u !== undefined);
  return units.length === 0 ? null : units.reduce((sum, u) => sum + u, 0);
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

export type BillStatus =
  | 'cancelled'
  | 'credit'
  | 'overdue'
  | 'to_pay'
  | 'partial'
  | 'installments'
  | 'paid'
  | 'pending'
  | 'direct_debit'
  | 'suspended'
  | 'prescribed';

/**
 * The one status a bill shows everywhere, read from what the customer must pay themselves
 * (`billToPay`): a payment waiting for the gateway's confirmation says so (telling a customer who has
 * paid that the bill is overdue makes them pay twice); a bill the bank will debit, or one held by a
 * complaint, says so instead of asking; a bill in installments is overdue only when its next unpaid
 * installment is.
 */
export function billStatus(bill: {
  amountCents: number;
  outstandingCents: number;
  toPay: BillToPay;
}): BillStatus {
  const { way, overdue } = bill.toPay;
  if (way === 'pay') {
    if (overdue) return 'overdue';
    return bill.outstandingCents < bill.amountCents ? 'partial' : 'to_pay';
  }
  if (way === 'installments') return overdue ? 'overdue' : 'installments';
  return way;
}

/** Whether a bill is paid as a whole from a list: only one the customer must pay themselves, not in installments. */
export function isPayableAsBill(bill: { toPay: BillToPay }): boolean {
  return bill.toPay.way === 'pay';
}

/** Bill types a customer compares: bills, closing bills and recalculations, not credit notes or instalments. */
export const COMPARABLE_BILL_TYPES: readonly number[] = [1, 2, 9, 31];

const yearBefore = (date: string) => `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
const dayDistance = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/**
 * The two bills a bill is first compared with, among bills of the same supply: the one just before
 * it and the one of the same period a year earlier (its start within a fortnight of a year before).
 */
export function billsToCompare<T extends { periodStart: string | null; periodEnd: string | null }>(
  bill: T,
  sameSupply: readonly T[],
): { previous: T | null; lastYear: T | null } {
  const start = bill.periodStart;
  if (!start) return { previous: null, lastYear: null };
  const before = sameSupply
    .filter((b) => b.periodEnd !== null && b.periodEnd < start)
    .sort((a, b) => (b.periodEnd ?? '').localeCompare(a.periodEnd ?? ''));
  const target = yearBefore(start);
  const lastYear = before
    .filter((b) => b.periodStart !== null && dayDistance(b.periodStart, target) <= 15)
    .sort((a, b) => dayDistance(a.periodStart ?? '', target) - dayDistance(b.periodStart ?? '', target))[0];
  return { previous: before[0] ?? null, lastYear: lastYear ?? null };
}
