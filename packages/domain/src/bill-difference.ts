// "Why is this bill different?" (ADR 070): the difference between a bill and another of the same
// supply (the previous one, or the same period a year before), split in euros into parts that add up
// to it exactly, and said in one sentence before the breakdown. Amounts are integer cents.
//
// Each bill is read from its stored lines: per-unit charges (lines with `units` in the energy,
// network and system sections), fixed charges (their other lines), excise (tax lines with units),
// other taxes, VAT, and "altre partite". The parts, with 0 the other bill and 1 this one, Q the billed
// quantity, M the quantity the meter measured in the period (Q when it cannot be told), U = Q − M,
// N the days, d = M/N, p the per-unit price, e the excise per unit, f the fixed charges per day,
// g = 1 + VAT/taxable:
//   days        (N1 − N0) · (d0 · (p0 + e0) + f0) · g0   more days at the old daily use and charges
//   consumption N1 · (d1 − d0) · (p0 + e0) · g0          a different daily use, at the old prices
//   trueUp      (U1 − U0) · (p0 + e0) · g0               quantity billed beyond what was measured
//   prices      Q1 · (p1 − p0) · g0                      new unit prices on this bill's quantity
//   fixed       N1 · (f1 − f0) · g0                      new fixed charges per day
//   taxes       Q1 · (e1 − e0) · g0 + ΔZ + W1 · (t1 − t0) excise per unit, other taxes, VAT rate
//   other       O1 − O0                                  TV licence, compensations, other items
// They add up to the difference exactly in real numbers; each is then rounded to the cent by largest
// remainder, and what rounding leaves (never more than a cent per part) goes to the unit prices.
import { billedQuantity, COMPARABLE_BILL_TYPES, type ReceiptKind } from './bill';
import { formatSignedEuro } from './format';
import { daysBetween } from './iso-date';

/** How each part is named in the breakdown, in the breakdown's order. */
export const DIFFERENCE_PART_LABELS = {
  consumption: 'Consumi',
  days: 'Giorni fatturati',
  prices: 'Prezzi unitari (energia, rete, oneri)',
  fixed: 'Quote fisse e potenza',
  taxes: 'Imposte e IVA',
  trueUp: 'Stime e conguagli',
  other: 'Altre partite (canone TV, indennizzi)',
} as const;

export type DifferencePart = keyof typeof DIFFERENCE_PART_LABELS;
/** The parts in the breakdown's order (the contract's `DIFFERENCE_PARTS` lists the same). */
export const DIFFERENCE_PARTS = Object.keys(DIFFERENCE_PART_LABELS) as DifferencePart[];

/** What a bill is compared with: the previous bill of the supply, or its same period a year before. */
export type DifferenceAgainst = 'previous' | 'lastYear';

/** A bill as the comparison reads it: its period, its lines and what the meter says of its quantity. */
export interface BillFacts {
  invoiceTypeCode: number;
  cancelled: boolean;
  periodStart: string | null;
  periodEnd: string | null;
  sections: readonly {
    kind: ReceiptKind;
    lines: readonly { units?: number | undefined; amountCents: number }[];
    totalCents: number;
  }[];
  /**
   * The meter's own readings at both ends of the period: 'real' (the distributor's or the customer's),
   * 'estimated' when either is an estimate, 'missing' when either is absent.
   */
  readings: 'real' | 'estimated' | 'missing';
  /** The quantity measured between the readings, when they are real; else null. */
  measuredQuantity: number | null;
}

/** Why a bill has no explanation, or only its total. */
export type DifferenceReason =
  | 'first_bill'
  | 'no_bill_last_year'
  | 'credit_note'
  | 'not_comparable'
  | 'cancelled'
  | 'no_period'
  | 'no_detail';

export interface BillDifference {
  against: DifferenceAgainst;
  /** explained: parts given; total_only: the other bill's lines do not allow a split; none: nothing to compare. */
  status: 'explained' | 'total_only' | 'none';
  reason: DifferenceReason | null;
  /** This bill's total minus the other's; null when there is nothing to compare. */
  totalCents: number | null;
  /** Every part, in DIFFERENCE_PARTS order (zeros included); they add up to totalCents. Empty unless explained. */
  parts: { kind: DifferencePart; label: string; amountCents: number }[];
  /** The one sentence said first, on the page, the PDF and the API alike. */
  sentence: string;
  /** What the reader should know besides: a bill whose quantity rests on estimated readings. */
  notes: string[];
}

const AGAINST_WORDS: Readonly<Record<DifferenceAgainst, string>> = {
  previous: 'alla bolletta precedente',
  lastYear: 'alla bolletta dello stesso periodo dell’anno scorso',
};

const REASON_SENTENCES: Readonly<Record<Exclude<DifferenceReason, 'no_detail'>, string>> = {
  first_bill:
    'È la prima bolletta di questa fornitura nel portale: non c’è una bolletta precedente con cui confrontarla.',
  no_bill_last_year: 'Non c’è una bolletta dello stesso periodo dell’anno scorso con cui confrontarla.',
  credit_note: 'Una nota di credito rettifica una bolletta già emessa: non si confronta con le altre.',
  not_comparable: 'Questo documento non è una bolletta di consumi: non si confronta con le altre.',
  cancelled: 'La bolletta è stata annullata: non si confronta con le altre.',
  no_period: 'La bolletta non indica il periodo di fornitura: non si può confrontare.',
};

/** Days of a period, both ends included. */
const daysOf = (start: string, end: string) => daysBetween(start, end) + 1;

interface Amounts {
  quantity: number;
  measured: number;
  days: number;
  perUnit: number;
  excise: number;
  fixed: number;
  otherTaxes: number;
  vat: number;
  other: number;
}

/** A bill's lines grouped as the parts read them. */
function amountsOf(bill: BillFacts, quantity: number, days: number): Amounts {
  const sum = { perUnit: 0, excise: 0, fixed: 0, otherTaxes: 0, vat: 0, other: 0 };
  for (const section of bill.sections) {
    if (section.kind === 'vat') sum.vat += section.totalCents;
    else if (section.kind === 'other') sum.other += section.totalCents;
    else
      for (const line of section.lines) {
        const perUnit = line.units !== undefined;
        if (section.kind === 'taxes') sum[perUnit ? 'excise' : 'otherTaxes'] += line.amountCents;
        else sum[perUnit ? 'perUnit' : 'fixed'] += line.amountCents;
      }
  }
  // The meter's quantity where real readings give it; else the billed one (nothing to true up).
  const measured =
    bill.readings === 'real' && bill.measuredQuantity !== null ? bill.measuredQuantity : quantity;
  return { quantity, measured, days, ...sum };
}

/** The parts in real cents: they add up to the difference of the totals (see the header). */
function realParts(a0: Amounts, a1: Amounts): Record<DifferencePart, number> {
  // A bill without quantity borrows the other's prices, so its (zero) quantity weighs nothing.
  const unitOf = (a: Amounts, b: Amounts, cents: number, bCents: number) =>
    a.quantity > 0 ? cents / a.quantity : b.quantity > 0 ? bCents / b.quantity : 0;
  const p0 = unitOf(a0, a1, a0.perUnit, a1.perUnit);
  const p1 = unitOf(a1, a0, a1.perUnit, a0.perUnit);
  const e0 = unitOf(a0, a1, a0.excise, a1.excise);
  const e1 = unitOf(a1, a0, a1.excise, a0.excise);
  const f0 = a0.fixed / a0.days;
  const f1 = a1.fixed / a1.days;
  const d0 = a0.measured / a0.days;
  const d1 = a1.measured / a1.days;
  const taxable0 = a0.perUnit + a0.excise + a0.fixed;
  const taxable1 = a1.perUnit + a1.excise + a1.fixed;
  const t0 = taxable0 !== 0 ? a0.vat / taxable0 : 0;
  const t1 = taxable1 !== 0 ? a1.vat / taxable1 : 0;
  const g0 = 1 + t0;
  const unit0 = p0 + e0;
  const parts: Record<DifferencePart, number> = {
    days: (a1.days - a0.days) * (d0 * unit0 + f0) * g0,
    consumption: a1.days * (d1 - d0) * unit0 * g0,
    trueUp: (a1.quantity - a1.measured - (a0.quantity - a0.measured)) * unit0 * g0,
    prices: a1.quantity * (p1 - p0) * g0,
    fixed: a1.days * (f1 - f0) * g0,
    taxes: a1.quantity * (e1 - e0) * g0 + (a1.otherTaxes - a0.otherTaxes) + taxable1 * (t1 - t0),
    other: a1.other - a0.other,
  };
  return parts;
}

/**
 * Whole cents that add up to `totalCents` exactly: each part rounded down, then a cent more to those
 * with the largest remainders; whatever is still off (a model that does not fit odd lines, such as
 * charges with units but no quantity) goes to the unit prices.
 */
function apportion(
  parts: Record<DifferencePart, number>,
  totalCents: number,
): Record<DifferencePart, number> {
  const floors = DIFFERENCE_PARTS.map((kind) => ({
    kind,
    floor: Math.floor(parts[kind]),
    rest: parts[kind] - Math.floor(parts[kind]),
  }));
  let missing = totalCents - floors.reduce((sum, p) => sum + p.floor, 0);
  const result = Object.fromEntries(floors.map((p) => [p.kind, p.floor])) as Record<DifferencePart, number>;
  for (const p of [...floors].sort((a, b) => b.rest - a.rest)) {
    if (missing <= 0 || missing > DIFFERENCE_PARTS.length) break;
    result[p.kind] += 1;
    missing--;
  }
  result.prices += missing;
  return result;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The words of a part in the sentence: "+31,05 € per i consumi più alti". */
function partWords(kind: DifferencePart, cents: number, daysDelta: number): string {
  const up = cents > 0;
  const amount = formatSignedEuro(cents);
  switch (kind) {
    case 'consumption':
      return `${amount} per i consumi più ${up ? 'alti' : 'bassi'}`;
    case 'days':
      return `${amount} per ${plural(Math.abs(daysDelta), 'giorno', 'giorni')} ${daysDelta > 0 ? 'in più' : 'in meno'}`;
    case 'prices':
      return `${amount} per i prezzi unitari più ${up ? 'alti' : 'bassi'}`;
    case 'fixed':
      return `${amount} per le quote fisse più ${up ? 'alte' : 'basse'}`;
    case 'taxes':
      return `${amount} per le imposte più ${up ? 'alte' : 'basse'}`;
    case 'trueUp':
      return `${amount} per il conguaglio di consumi stimati`;
    case 'other':
      return `${amount} per le altre partite (canone TV, indennizzi)`;
  }
}

/** The parts the sentence names: the largest (at most three) of a euro or more, else the largest one. */
function namedParts(parts: BillDifference['parts']) {
  const moving = parts
    .filter((p) => p.amountCents !== 0)
    .sort((a, b) => Math.abs(b.amountCents) - Math.abs(a.amountCents));
  const large = moving.filter((p) => Math.abs(p.amountCents) >= 100).slice(0, 3);
  return large.length > 0 ? large : moving.slice(0, 1);
}

function headOf(against: DifferenceAgainst, totalCents: number): string {
  return totalCents === 0
    ? `Stesso importo rispetto ${AGAINST_WORDS[against]}`
    : `${formatSignedEuro(totalCents)} rispetto ${AGAINST_WORDS[against]}`;
}

/** Nothing to compare: the sentence says why. */
function noBillDifference(
  against: DifferenceAgainst,
  reason: Exclude<DifferenceReason, 'no_detail'>,
): BillDifference {
  return {
    against,
    status: 'none',
    reason,
    totalCents: null,
    parts: [],
    sentence: REASON_SENTENCES[reason],
    notes: [],
  };
}

/** Why `bill` cannot be compared at all (a credit note, a cancelled bill…), or null when it can. */
export function uncomparableReason(
  bill: Pick<BillFacts, 'invoiceTypeCode' | 'cancelled' | 'periodStart' | 'periodEnd'>,
) {
  if (bill.invoiceTypeCode === 4) return 'credit_note' as const;
  if (!COMPARABLE_BILL_TYPES.includes(bill.invoiceTypeCode)) return 'not_comparable' as const;
  if (bill.cancelled) return 'cancelled' as const;
  if (!bill.periodStart || !bill.periodEnd || bill.periodEnd < bill.periodStart) return 'no_period' as const;
  return null;
}

const totalOf = (bill: BillFacts) => bill.sections.reduce((sum, s) => sum + s.totalCents, 0);

/**
 * Why `bill` differs from `other` (the earlier bill of the same supply), in euros. When `other` is
 * null there is nothing to compare; when either bill's lines carry no quantity (a summary, a
 * compensation) only the total difference is given.
 */
export function billDifference(
  bill: BillFacts,
  other: BillFacts | null,
  against: DifferenceAgainst,
): BillDifference {
  const refused = uncomparableReason(bill);
  if (refused) return noBillDifference(against, refused);
  if (!other || uncomparableReason(other))
    return noBillDifference(against, against === 'previous' ? 'first_bill' : 'no_bill_last_year');
  const totalCents = totalOf(bill) - totalOf(other);
  const q1 = billedQuantity(bill.sections);
  const q0 = billedQuantity(other.sections);
  const head = headOf(against, totalCents);
  if (q1 === null || q0 === null)
    return {
      against,
      status: 'total_only',
      reason: 'no_detail',
      totalCents,
      parts: [],
      sentence: `${head}. Il dettaglio delle bollette non permette di dividere la differenza per voce.`,
      notes: [],
    };
  const n1 = daysOf(bill.periodStart!, bill.periodEnd!);
  const n0 = daysOf(other.periodStart!, other.periodEnd!);
  const cents = apportion(realParts(amountsOf(other, q0, n0), amountsOf(bill, q1, n1)), totalCents);
  const parts = DIFFERENCE_PARTS.map((kind) => ({
    kind,
    label: DIFFERENCE_PART_LABELS[kind],
    amountCents: cents[kind],
  }));
  const named = namedParts(parts).map((p) => partWords(p.kind, p.amountCents, n1 - n0));
  const notes = [
    ...(bill.readings === 'estimated'
      ? ['Il consumo di questa bolletta si basa su una lettura stimata.']
      : []),
    ...(other.readings === 'estimated'
      ? ['Il consumo della bolletta di confronto si basava su una lettura stimata.']
      : []),
  ];
  return {
    against,
    status: 'explained',
    reason: null,
    totalCents,
    parts,
    sentence: named.length > 0 ? `${head}: ${named.join(', ')}.` : `${head}.`,
    notes,
  };
}
