// A bill's figures as every bill has them, loaded from the ERP or generated for the demo: its amount
// is the sum of its detail sections, its payment level follows from what is still owed, and its PDF
// is filed under a title naming its type, number and issue date.
import { receiptKindOf } from './bill';
import { energyCents } from './energy-cost';
import { formatDate } from './format';
import { invoiceTypeName } from './invoice-types';

/** How a bill stands: Installments is said by its plan, the others follow from its figures. */
export type PaymentLevel = 'Paid' | 'Unpaid' | 'PartiallyPaid' | 'Installments';

/** A detail section of a bill (its `invoice_sections` row but the bill and the position). */
export interface BillSection {
  title: string;
  lines: readonly {
    label: string;
    quantity: string | null;
    units?: number | undefined;
    amountCents: number;
  }[];
  totalCents: number;
}

/** A bill's amount: the sum of its sections (a credit note's is negative). */
export const billAmountCents = (sections: readonly Pick<BillSection, 'totalCents'>[]): number =>
  sections.reduce((sum, section) => sum + section.totalCents, 0);

/** The payment level a bill's figures say: nothing owed is paid, less than the amount partially paid. */
export function paymentLevelOf(amountCents: number, outstandingCents: number): PaymentLevel {
  if (outstandingCents === 0) return 'Paid';
  return outstandingCents < amountCents ? 'PartiallyPaid' : 'Unpaid';
}

/** A bill's PDF document: its type (a credit note's is its own) and the title the documents list shows. */
export function billDocument(bill: { invoiceTypeCode: number; number: string; issueDate: string }) {
  return {
    documentType: bill.invoiceTypeCode === 4 ? 'credit_note' : 'invoice',
    contentType: 'application/pdf',
    title: `${invoiceTypeName(bill.invoiceTypeCode)} n. ${bill.number} del ${formatDate(bill.issueDate)}`,
  };
}

/** The unit an offer's energy is priced per: a standard cubic metre of gas, a kWh of electricity or heat. */
export const energyUnitOf = (commodity: string) => (commodity === 'gas' ? 'Smc' : 'kWh');

/** An energy line of a bill that its offer box contradicts: where it is, what it says, what the box says. */
export interface OfferBoxMismatch {
  section: number;
  line: number;
  label: string;
  units: number;
  amountCents: number;
  expectedCents: number;
}

/**
 * The lines of a bill's energy sections that carry a quantity (`units`) and do not cost what the offer
 * box prints: its energy price × the quantity, through `energyCents` as the demo's bills and the € view
 * price it (ADR 059), give or take a cent of the ERP's own rounding. Only a price of its own can be
 * checked: a spread over the PUN or the PSV (`hourly`) needs the hours' or the month's index, so such
 * a box, or none, finds nothing.
 */
export function offerBoxMismatches(
  sections: readonly {
    title: string;
    lines: readonly { label: string; units?: number | undefined; amountCents: number }[];
  }[],
  energyPrice: { milliEuro: number; hourly: boolean } | null,
): OfferBoxMismatch[] {
  if (!energyPrice || energyPrice.hourly) return [];
  return sections.flatMap((section, s) =>
    receiptKindOf(section.title) !== 'energy'
      ? []
      : section.lines.flatMap((line, l) => {
          if (line.units === undefined) return [];
          const expectedCents = energyCents(
            { milliUnits: Math.round(line.units * 1000), milliUnitsTimesIndex: 0 },
            energyPrice.milliEuro,
          );
          return Math.abs(line.amountCents - expectedCents) <= 1
            ? []
            : [
                {
                  section: s,
                  line: l,
                  label: line.label,
                  units: line.units,
                  amountCents: line.amountCents,
                  expectedCents,
                },
              ];
        }),
  );
}
