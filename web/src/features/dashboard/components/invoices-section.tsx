import { t } from '../i18n';
import { Link } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { useRouteLinks } from '../../../shared/navigation/route-links';
import { useOutstandingInvoices } from '../api/list-invoices';
import { DashboardSection } from './dashboard-section';

function OutstandingInvoices({ customerId }: { customerId: string }) {
  const listPath = useRouteLinks().pathTo('invoices');
  const { data } = useOutstandingInvoices(customerId);
  if (data.count === 0) return <p className="card__muted">{t('dashboard.invoices.none')}</p>;
  return (
    <>
      <p className="card__highlight">
        {t('dashboard.invoices.summary', { count: data.count, amount: formatCents(data.outstandingCents) })}
      </p>
      <ul className="plain-list">
        {data.invoices.map((invoice) => (
          <li key={invoice.id} className="invoice-row">
            <span>{t('dashboard.invoices.item', { number: invoice.number })}</span>
            <span className="invoice-row__amount">{formatCents(invoice.outstandingCents)}</span>
            <span className="invoice-row__due">
              {t('dashboard.invoices.due', { date: formatIsoDate(invoice.dueDate) })}
            </span>
          </li>
        ))}
      </ul>
      {listPath ? <Link to={listPath}>{t('menu.invoices')}</Link> : null}
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
