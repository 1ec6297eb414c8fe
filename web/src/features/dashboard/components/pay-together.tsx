// The dashboard's one payment for every bill that can be paid whole (ADR 052).
import type { erpInvoices } from '@sportello/contract';
import { formatCents } from '../../../shared/format/format';
import { PayButton } from '../../../shared/payments/pay-button';
import { t } from '../i18n';

type Invoice = erpInvoices.Invoice;

/**
 * One payment for every bill that can be paid whole. "Paga tutto" only when that is every bill the
 * total above counts: otherwise the button names how many it pays and says which are left out, so
 * its amount never reads as a second, smaller total of the same debt.
 */
export function PayTogether({ payable, all, count }: { payable: Invoice[]; all: Invoice[]; count: number }) {
  const amount = formatCents(payable.reduce((sum, i) => sum + i.toPay.yoursCents, 0));
  const whole = payable.length === count;
  const leftOut = whole
    ? []
    : (
        [
          all.some((i) => i.toPay.way === 'installments') && 'dashboard.invoices.pay_some_installments',
          all.some((i) => i.toPay.way === 'pending') && 'dashboard.invoices.pay_some_pending',
        ] as const
      ).filter((note) => note !== false);
  return (
    <div className="invoice-pay-all">
      <PayButton payKind="Invoices" ids={payable.map((i) => i.id)}>
        {whole
          ? t('dashboard.invoices.pay_all', { amount })
          : t('dashboard.invoices.pay_some', { count: payable.length, amount })}
      </PayButton>
      {leftOut.map((note) => (
        <p key={note} className="card__muted">
          {t(note)}
        </p>
      ))}
    </div>
  );
}
