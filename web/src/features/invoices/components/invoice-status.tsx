// A bill's status in words and colour (never colour alone): overdue, to pay, partly paid, in
// installments, paid.
import type { erpInvoices } from '@sportello/contract';
import { t } from '../i18n';

type StatusKey = 'overdue' | 'to_pay' | 'partial' | 'installments' | 'paid';

export function statusOf(invoice: erpInvoices.Invoice): StatusKey {
  if (invoice.paymentLevel === 'Installments' && invoice.outstandingCents > 0) return 'installments';
  if (invoice.overdue) return 'overdue';
  if (invoice.outstandingCents <= 0) return 'paid';
  return invoice.outstandingCents < invoice.amountCents ? 'partial' : 'to_pay';
}

export function InvoiceStatus({ invoice }: { invoice: erpInvoices.Invoice }) {
  const status = statusOf(invoice);
  return <span className={`bill-status bill-status--${status}`}>{t(`invoices.status.${status}`)}</span>;
}
