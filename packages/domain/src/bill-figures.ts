// A bill's figures as every bill has them, loaded from the ERP or generated for the demo: its amount
// is the sum of its detail sections, its payment level follows from what is still owed, and its PDF
// is filed under a title naming its type, number and issue date.
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
