// The dashboard's "bills to pay" card, the first card: the total and by when, one payment for the
// bills that can be paid whole ('Paga tutto' when that is all of them), then
// the bills still to pay with overdue ones first and flagged in words and colour. A bill whose
// payment waits for the gateway's confirmation says so and offers no 'Paga'; a bill in installments
// says 'In rate' with the installment to pay and leads to the installments page.
import { t } from '../i18n';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { PAGE_SIZE, type erpInvoices } from '@sportello/contract';
import { isPayableAsBill } from '@sportello/domain';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAvailablePath } from '../../../shared/navigation/route-availability';
import { PayButton } from '../../../shared/payments/pay-button';
import { useAppStore } from '../../../shared/state/app-store';
import { invoiceRoutes } from '../../invoices/routes';
import { installmentsOf, outstandingInvoices } from '../api/queries';
import { DashboardSection } from './dashboard-section';

type Invoice = erpInvoices.Invoice;

function InstallmentDue({ invoice }: { invoice: Invoice }) {
  // Asked only for a bill in installments, after the list: it does not hold the card back.
  const installments = useQuery(installmentsOf(invoice.id));
  const next = installments.data?.installments.find((i) => i.toBePaid);
  if (!next) return <>{t('dashboard.invoices.in_installments')}</>;
  return (
    <>
      {t(
        next.status === 0 ? 'dashboard.invoices.installment_overdue' : 'dashboard.invoices.installment_due',
        {
          number: next.number,
          amount: formatCents(next.amountCents),
          date: formatIsoDate(next.dueDate),
        },
      )}
    </>
  );
}

function InvoiceLine({ invoice, canPay }: { invoice: Invoice; canPay: boolean }) {
  const path = useAvailablePath(invoiceRoutes.detail, { id: invoice.id });
  const installmentsPath = useAvailablePath(invoiceRoutes.installmentsToPay, { id: invoice.id });
  const label = t('dashboard.invoices.item', { number: invoice.number });
  const inInstallments = invoice.paymentLevel === 'Installments';
  const payPath = inInstallments ? installmentsPath : path;
  const flagged = invoice.overdue && !invoice.paymentPending;
  return (
    <li className={`invoice-row${flagged ? ' invoice-row--overdue' : ''}`}>
      <span>{path ? <Link to={path}>{label}</Link> : label}</span>
      <span className="invoice-row__amount">{formatCents(invoice.outstandingCents)}</span>
      <span className="invoice-row__due">
        {invoice.paymentPending ? (
          t('dashboard.invoices.pending')
        ) : inInstallments ? (
          <InstallmentDue invoice={invoice} />
        ) : invoice.overdue ? (
          t('dashboard.invoices.overdue', { date: formatIsoDate(invoice.dueDate) })
        ) : (
          t('dashboard.invoices.due', { date: formatIsoDate(invoice.dueDate) })
        )}
      </span>
      {payPath && canPay && !invoice.paymentPending ? (
        <Link
          to={payPath}
          className="button button--primary invoice-row__pay"
          aria-label={t(
            inInstallments ? 'dashboard.invoices.pay_installment_label' : 'dashboard.invoices.pay_label',
            {
              number: invoice.number,
            },
          )}
        >
          {t('dashboard.invoices.pay')}
        </Link>
      ) : null}
    </li>
  );
}

/**
 * One payment for every bill that can be paid whole. "Paga tutto" only when that is every bill the
 * total above counts: otherwise the button names how many it pays and says which are left out, so
 * its amount never reads as a second, smaller total of the same debt.
 */
function PayTogether({ payable, all, count }: { payable: Invoice[]; all: Invoice[]; count: number }) {
  const amount = formatCents(payable.reduce((sum, i) => sum + i.outstandingCents, 0));
  const whole = payable.length === count;
  const leftOut = whole
    ? []
    : (
        [
          all.some((i) => i.paymentLevel === 'Installments') && 'dashboard.invoices.pay_some_installments',
          all.some((i) => i.paymentPending) && 'dashboard.invoices.pay_some_pending',
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

function OutstandingInvoices({ customerId }: { customerId: string }) {
  const { data } = useSuspenseQuery(outstandingInvoices(customerId));
  const canPay = useAppStore((state) => state.modules?.includes('pay') ?? false);
  const listPath = useAvailablePath(invoiceRoutes.list);
  if (data.count === 0) return <p className="card__muted">{t('dashboard.invoices.none')}</p>;
  // The earliest due date among the bills still to pay: the date the customer must act by.
  const earliest = data.invoices.map((i) => i.dueDate).sort()[0]!;
  const payable = data.invoices.filter(isPayableAsBill);
  return (
    <>
      <p className="card__highlight">
        {t('dashboard.invoices.summary', { count: data.count, amount: formatCents(data.outstandingCents) })}
      </p>
      <p className="card__lead">
        {t(data.overdueCount > 0 ? 'dashboard.invoices.since' : 'dashboard.invoices.by', {
          date: formatIsoDate(earliest),
        })}
      </p>
      {payable.length > 1 ? <PayTogether payable={payable} all={data.invoices} count={data.count} /> : null}
      <ul className="plain-list">
        {data.invoices.slice(0, PAGE_SIZE.invoices).map((invoice) => (
          <InvoiceLine key={invoice.id} invoice={invoice} canPay={canPay} />
        ))}
      </ul>
      {listPath ? <Link to={listPath}>{t('dashboard.invoices.all')}</Link> : null}
    </>
  );
}

export function InvoicesSection({ customerId }: { customerId: string }) {
  return (
    <DashboardSection heading={t('dashboard.invoices.heading')} className="card--first">
      <OutstandingInvoices customerId={customerId} />
    </DashboardSection>
  );
}
