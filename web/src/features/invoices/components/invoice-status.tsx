// A bill's status in words and colour (never colour alone): overdue, to pay, partly paid, in
// installments, paid. The rule is the domain's, so every list flags a bill the same way.
import { billStatus } from '@sportello/domain';
import type { erpInvoices } from '@sportello/contract';
import { t } from '../i18n';

export const statusOf = (invoice: erpInvoices.Invoice) => billStatus(invoice);

export function InvoiceStatus({ invoice }: { invoice: erpInvoices.Invoice }) {
  const status = statusOf(invoice);
  return <span className={`bill-status bill-status--${status}`}>{t(`invoices.status.${status}`)}</span>;
}

type InstallmentState = 'overdue' | 'to_pay' | 'due_today' | 'paid';

/** SPEC §4 status: 0 overdue and to pay, 1 not yet due, 2 otherwise (paid, or due today). */
export function installmentStateOf(installment: erpInvoices.Installment): InstallmentState {
  if (!installment.toBePaid) return 'paid';
  return installment.status === 0 ? 'overdue' : installment.status === 1 ? 'to_pay' : 'due_today';
}

const INSTALLMENT_CLASS: Record<InstallmentState, string> = {
  overdue: 'overdue',
  to_pay: 'to_pay',
  due_today: 'to_pay',
  paid: 'paid',
};

export function InstallmentStatus({ installment }: { installment: erpInvoices.Installment }) {
  const state = installmentStateOf(installment);
  return (
    <span className={`bill-status bill-status--${INSTALLMENT_CLASS[state]}`}>
      {t(`invoices.detail.installment_status.${state}`)}
    </span>
  );
}
