// Why a bill differs from the previous bill of its supply and from the same period a year before
// (ADR 070): the bills it is compared with are chosen as the comparison page proposes them (domain
// `billsToCompare`) among the contract's standing bills; their lines and the meter's readings at their
// bounds go through the domain's `billDifference`. The answer is part of the bill's one answer
// (service.ts `bill()`), so the page, the PDF and the API say the same sentence and parts.
import type { erpInvoices } from '@sportello/contract';
import {
  addDays,
  billDifference,
  billsToCompare,
  COMPARABLE_BILL_TYPES,
  consumptionBetween,
  receiptKindOf,
  uncomparableReason,
  type BillFacts,
  type DifferenceAgainst,
} from '@sportello/domain';
import type { InvoiceRow, InvoicesRepository } from './repository.js';

type Reading = Awaited<ReturnType<InvoicesRepository['readingsOn']>>[number];
type SectionRow = Awaited<ReturnType<InvoicesRepository['sectionsOf']>>[number];
type Period = { periodStart: string | null; periodEnd: string | null };

/** The days a bill's quantity is read between: the eve of its first day and its last day. */
export const readingBounds = ({ periodStart, periodEnd }: Period): [string, string] | null =>
  periodStart && periodEnd ? [addDays(periodStart, -1), periodEnd] : null;

/**
 * What the meter says of a bill's period over all the contract's supplies: real when every supply
 * has a reading at both bounds and none is an estimate, with the quantity measured between them.
 */
function meterFacts(
  supplyIds: readonly number[],
  rows: readonly Reading[],
  period: Period,
): Pick<BillFacts, 'readings' | 'measuredQuantity'> {
  const bounds = readingBounds(period);
  if (!bounds || supplyIds.length === 0) return { readings: 'missing', measuredQuantity: null };
  let measured = 0;
  let estimated = false;
  for (const supplyId of supplyIds) {
    const [opening, closing] = bounds.map((day) =>
      rows.find((r) => r.supplyId === supplyId && r.readingDate === day),
    );
    if (!opening || !closing) return { readings: 'missing', measuredQuantity: null };
    if (opening.source === 'estimated' || closing.source === 'estimated') estimated = true;
    measured += Object.values(consumptionBetween(opening.values, closing.values)).reduce((a, b) => a + b, 0);
  }
  return estimated
    ? { readings: 'estimated', measuredQuantity: null }
    : { readings: 'real', measuredQuantity: measured };
}

const factsOf = (
  bill: Period & { invoiceTypeCode: number; cancelled: boolean },
  sections: readonly Pick<SectionRow, 'title' | 'lines' | 'totalCents'>[],
  meter: Pick<BillFacts, 'readings' | 'measuredQuantity'>,
): BillFacts => ({
  invoiceTypeCode: bill.invoiceTypeCode,
  cancelled: bill.cancelled,
  periodStart: bill.periodStart,
  periodEnd: bill.periodEnd,
  sections: sections.map((s) => ({ kind: receiptKindOf(s.title), lines: s.lines, totalCents: s.totalCents })),
  ...meter,
});

/**
 * The bills `invoice` is compared with (the previous one and last year's; none for a bill that is not
 * compared at all), and the reading days the difference needs beside the bill's own.
 */
export async function comparisonBills(repository: InvoicesRepository, invoice: InvoiceRow) {
  const compared = uncomparableReason({ ...invoice, cancelled: invoice.cancelledAt !== null }) === null;
  const candidates = compared ? await repository.billsBefore(invoice, COMPARABLE_BILL_TYPES) : [];
  const chosen = billsToCompare(invoice, candidates);
  const days = [chosen.previous, chosen.lastYear].flatMap((bill) =>
    bill ? (readingBounds(bill) ?? []) : [],
  );
  return { ...chosen, readingDays: days };
}

/**
 * Why `invoice` differs from each bill chosen: `sections` and `readingRows` are the bill's own (read for
 * its page), `readingRows` also those at the chosen bills' bounds; their lines are read here.
 */
export async function billDifferences(
  repository: InvoicesRepository,
  invoice: InvoiceRow,
  own: { sections: readonly SectionRow[]; supplyIds: readonly number[]; readingRows: readonly Reading[] },
  chosen: Awaited<ReturnType<typeof comparisonBills>>,
): Promise<erpInvoices.InvoiceBill['difference']> {
  const others = [chosen.previous, chosen.lastYear].filter((b) => b !== null);
  const sectionRows = await repository.sectionsOf([...new Set(others.map((b) => b.id))]);
  const facts = factsOf(
    { ...invoice, cancelled: invoice.cancelledAt !== null },
    own.sections,
    meterFacts(own.supplyIds, own.readingRows, invoice),
  );
  const explain = (
    against: DifferenceAgainst,
    other: (typeof others)[number] | null,
  ): erpInvoices.BillDifference => {
    if (!other) return { ...billDifference(facts, null, against), other: null };
    const sections = sectionRows.filter((s) => s.invoiceId === other.id);
    const otherFacts = factsOf(
      { ...other, cancelled: false },
      sections,
      meterFacts(own.supplyIds, own.readingRows, other),
    );
    return {
      ...billDifference(facts, otherFacts, against),
      other: {
        id: String(other.id),
        number: other.number,
        periodStart: other.periodStart,
        periodEnd: other.periodEnd,
        totalCents: sections.reduce((sum, s) => sum + s.totalCents, 0),
      },
    };
  };
  return { previous: explain('previous', chosen.previous), lastYear: explain('lastYear', chosen.lastYear) };
}
