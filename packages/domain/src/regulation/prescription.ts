// Two-year prescription of energy bills (Legge 205/2017, art. 1 c. 4-10, as amended by Legge 160/2019;
// ARERA delibere 97/2018/R/com and 569/2018/R/com). The supplier's right to be paid for consumption
// lapses after two years; the bill must flag such amounts and tell the customer that they may refuse
// to pay them. The two-year term applies to bills falling due after 1 March 2018 (electricity) and
// 1 January 2019 (gas). District heating is not in the law: its bills are not flagged (ADR 030).
import { addDays, parseIsoDate, toIsoDate } from '../iso-date';

/** From which due date the two-year term applies, per commodity (Legge 205/2017, art. 1 c. 10). */
export const PRESCRIPTION_FROM: Readonly<Record<'electricity' | 'gas', string>> = {
  electricity: '2018-03-01',
  gas: '2019-01-01',
};

export const PRESCRIPTION_YEARS = 2;

/** The same calendar day `years` earlier (29 February becomes 28 February). */
function yearsBefore(isoDate: string, years: number): string {
  const d = parseIsoDate(isoDate);
  const day = d.month === 2 && d.day === 29 ? 28 : d.day;
  return toIsoDate({ year: d.year - years, month: d.month, day });
}

export interface Prescription {
  /** Consumption up to and including this day is more than two years old at the bill's issue. */
  before: string;
  /** Days of the billed period up to `before`. */
  days: number;
  /** The part of the bill's amount for those days, prorated by day. */
  amountCents: number;
}

const dayCount = (from: string, to: string) => {
  const utc = (iso: string) => {
    const d = parseIsoDate(iso);
    return Date.UTC(d.year, d.month - 1, d.day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1;
};

/**
 * What of a bill is for consumption older than two years at its issue date, or null. The bill's lines
 * carry no day of their own, so the amount is prorated by the days of the period; a credit (negative
 * amount) is never prescribed against the customer.
 */
export function billPrescription(bill: {
  commodity: 'electricity' | 'gas' | 'heat';
  issueDate: string;
  dueDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  amountCents: number;
}): Prescription | null {
  const { commodity, periodStart, periodEnd } = bill;
  if (commodity === 'heat' || !periodStart || !periodEnd || bill.amountCents <= 0) return null;
  if (bill.dueDate < PRESCRIPTION_FROM[commodity]) return null;
  const before = addDays(yearsBefore(bill.issueDate, PRESCRIPTION_YEARS), -1);
  if (periodStart > before) return null;
  const lastPrescribed = periodEnd < before ? periodEnd : before;
  const days = dayCount(periodStart, lastPrescribed);
  const amountCents = Math.round((bill.amountCents * days) / dayCount(periodStart, periodEnd));
  return { before, days, amountCents };
}
