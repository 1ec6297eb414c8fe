// The dashboard's "bills to pay" card: the total, then the bills still to pay with overdue ones
// first and flagged in words and colour, each leading to its page, with a "Paga" action there.
import { t } from '../i18n';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { erpInvoices, PAGE_SIZE } from '@sportello/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { useAvailablePath } from '../../../shared/navigation/route-availability';
import { useAppStore } from '../../../shared/state/app-store';
import { invoiceRoutes } from '../../invoices/routes';
import { DashboardSection } from './dashboard-section';

function InvoiceLine({ invoice, canPay }: { invoice: erpInvoices.Invoice; canPay: boolean }) {
  const path = useAvailablePath(invoiceRoutes.detail, { id: invoice.id });
  const label = t('dashboard.invoices.item', { number: invoice.number });
  return (
    <li className={`invoice-row${invoice.overdue ? ' invoice-row--overdue' : ''}`}>
      <span>{path ? <Link to={path}>{label}</Link> : label}</span>
      <span className="invoice-row__amount">{formatCents(invoice.outstandingCents)}</span>
      <span className="invoice-row__due">
        {invoice.overdue
          ? t('dashboard.invoices.overdue', { date: formatIsoDate(invoice.dueDate) })
          : t('dashboard.invoices.due', { date: formatIsoDate(invoice.dueDate) })}
      </span>
      {path && canPay && invoice.paymentLevel !== 'Installments' ? (
        <Link
          to={path}
          className="button button--primary invoice-row__pay"
          aria-label={t('dashboard.invoices.pay_label', { number: invoice.number })}
        >
          {t('dashboard.invoices.pay')}
        </Link>
      ) : null}
    </li>
  );
}

function OutstandingInvoices({ customerId }: { customerId: string }) {
  // The first few invoices still to pay, overdue first; the answer also carries the total still to pay.
  const { data } = useSuspenseQuery(
    callQueryOptions(erpInvoices.listInvoices, {
      query: { customerId, outstandingOnly: true, orderBy: 'overdueFirst', pagingTake: PAGE_SIZE.invoices },
    }),
  );
  const canPay = useAppStore((state) => state.modules?.includes('pay') ?? false);
  const listPath = useAvailablePath(invoiceRoutes.list);
  if (data.count === 0) return <p className="card__muted">{t('dashboard.invoices.none')}</p>;
  return (
    <>
      <p className="card__highlight">
        {t('dashboard.invoices.summary', { count: data.count, amount: formatCents(data.outstandingCents) })}
      </p>
      <ul className="plain-list">
        {data.invoices.map((invoice) => (
          <InvoiceLine key={invoice.id} invoice={invoice} canPay={canPay} />
        ))}
      </ul>
      {listPath ? <Link to={listPath}>{t('dashboard.invoices.all')}</Link> : null}
    </>
  );
}

export function InvoicesSection({ customerId }: { customerId: string }) {
  return (
    <DashboardSection heading={t('dashboard.invoices.heading')}>
      <OutstandingInvoices customerId={customerId} />
    </DashboardSection>
  );
}
