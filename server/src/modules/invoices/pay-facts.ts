// A bill's facts as `billToPay` (packages/domain, ADR 052) reads them: the invoice row, a payment
// being confirmed, and the pay facts its statement read beside it (repository `payFactColumns`). Every
// invoice answer, the list's totals and the payment reminders go through here.
import { billPrescription, billToPay, type BillPayFacts, type BillToPay } from '@sportello/domain';
import type { InvoiceRow, PayFacts } from './repository.js';

type BillRow = Pick<
  InvoiceRow,
  | 'amountCents'
  | 'outstandingCents'
  | 'dueDate'
  | 'issueDate'
  | 'periodStart'
  | 'periodEnd'
  | 'paymentLevel'
  | 'cancelledAt'
>;

/** The facts `billToPay` takes; the prescribed part is the bill's own (`billPrescription`). */
export function payFactsOf(invoice: BillRow, paymentPending: boolean, facts: PayFacts): BillPayFacts {
  const prescription = billPrescription({ ...invoice, commodity: facts.commodity });
  return {
    ...invoice,
    ...facts,
    cancelled: invoice.cancelledAt !== null,
    paymentPending,
    prescribedCents: prescription?.amountCents ?? 0,
  };
}

/** What the customer must pay themselves of a bill, by when. */
export function toPayOf(
  found: { invoice: BillRow; paymentPending: boolean; payFacts: PayFacts },
  today: string,
): BillToPay {
  return billToPay(payFactsOf(found.invoice, found.paymentPending, found.payFacts), today);
}
