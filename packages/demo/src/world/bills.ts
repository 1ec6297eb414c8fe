// A bill's figures from one computation: its amount is the sum of its detail sections, what is still
// owed follows from its payment level, and an installment plan splits the amount in three. The demo
// generator and the server's test fixtures both take their bills' figures from here.
import { invoiceTypeName } from '@sportello/domain';
import type { InferInsertModel } from 'drizzle-orm';
import type { installments, invoices } from '@sportello/db/schema';
import { addDays, italianDate, romeInstant } from '../engine/dates.js';

export type PaymentLevel = 'Paid' | 'Unpaid' | 'PartiallyPaid' | 'Installments';

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

/** The amount of a bill and what is still owed on it at the given payment level. */
export function billFigures(
  sections: readonly BillSection[],
  level: PaymentLevel,
): { amountCents: number; outstandingCents: number } {
  const amountCents = sections.reduce((sum, section) => sum + section.totalCents, 0);
  return { amountCents, outstandingCents: outstandingAt(level, amountCents) };
}

function outstandingAt(level: PaymentLevel, amountCents: number): number {
  switch (level) {
    case 'Paid':
      return 0;
    case 'Unpaid':
      return amountCents;
    case 'PartiallyPaid':
      return Math.round(amountCents * 0.45);
    case 'Installments':
      // The first of the three installments is paid.
      return amountCents - Math.floor(amountCents / 3);
  }
}

export interface InvoiceSpec {
  key: string;
  /** The ERP's key of the bill; `ERP-<key>` unless given. */
  extKey?: string;
  companyCode: string;
  customerId: number;
  contractId: number;
  number: string;
  /** 1 bolletta, 2 di chiusura, 4 nota di credito, 5 rata, 9 ricalcolo, 31 conguaglio. */
  invoiceTypeCode?: number;
  issueDate: string;
  dueDate: string;
  periodStart?: string | null;
  periodEnd?: string | null;
  amountCents: number;
  outstandingCents: number;
  /** Follows from the figures unless the bill is in installments. */
  paymentLevel?: PaymentLevel;
  documentId?: number | null;
}

/** A bill's row, its payment level agreeing with what is still owed. */
export function invoiceRow(spec: InvoiceSpec): InferInsertModel<typeof invoices> {
  const { paymentLevel, invoiceTypeCode = 1, ...fields } = spec;
  return {
    extKey: `ERP-${spec.key}`,
    invoiceTypeCode,
    ...fields,
    paymentLevel: paymentLevel ?? levelOf(spec.amountCents, spec.outstandingCents),
  };
}

function levelOf(amountCents: number, outstandingCents: number): PaymentLevel {
  if (outstandingCents === 0) return 'Paid';
  return outstandingCents < amountCents ? 'PartiallyPaid' : 'Unpaid';
}

/** A bill's PDF document: its type (a credit note's is its own) and the title the documents list shows. */
export function billDocument(bill: { invoiceTypeCode: number; number: string; issueDate: string }) {
  return {
    documentType: bill.invoiceTypeCode === 4 ? 'credit_note' : 'invoice',
    contentType: 'application/pdf',
    title: `${invoiceTypeName(bill.invoiceTypeCode)} n. ${bill.number} del ${italianDate(bill.issueDate)}`,
  };
}

/** Days before today the installments fall due: one paid (40 days ago), one overdue, one to come. */
export const INSTALLMENT_DAYS_AGO = [40, 10, -20] as const;

/**
 * The three installments of a bill in installments: equal shares, the last taking the cents the
 * division leaves; the first one paid at 10:15 the day before it fell due.
 */
export function installmentPlan(plan: {
  invoiceId: number;
  contractId: number;
  amountCents: number;
  today: string;
}): InferInsertModel<typeof installments>[] {
  const share = Math.floor(plan.amountCents / 3);
  return INSTALLMENT_DAYS_AGO.map((daysAgo, i) => {
    const dueDate = addDays(plan.today, -daysAgo);
    const paid = i === 0;
    return {
      invoiceId: plan.invoiceId,
      contractId: plan.contractId,
      number: i + 1,
      dueDate,
      amountCents: i === 2 ? plan.amountCents - 2 * share : share,
      toBePaid: !paid,
      paidAt: paid ? romeInstant(addDays(dueDate, -1), 10, 15) : null,
    };
  });
}
