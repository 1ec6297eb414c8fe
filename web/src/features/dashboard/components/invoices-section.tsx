import { t } from '../i18n';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { erpInvoices, PAGE_SIZE } from '@sportello/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { callQueryOptions } from '../../../shared/api/call-query';
import { DashboardSection } from './dashboard-section';

function OutstandingInvoices({ customerId }: { customerId: string }) {
  // The first few invoices still to pay; the answer also carries the total still to pay.
  const { data } = useSuspenseQuery(
    callQueryOptions(erpInvoices.listInvoices, {
      query: { customerId, outstandingOnly: true, orderBy: 'dueDate', pagingTake: PAGE_SIZE.invoices },
    }),
  );
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
