// /invoice/{id}/comparation (choose the other bill) and /invoice/{id}/comparation/{other}: two bills
// side by side, heading by heading of the "scontrino", with what changed said in words.
import { useQuery } from '@tanstack/react-query';
import type { erpInvoices } from '@sportello/contract';
import { Link, useParams } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { billQuery, invoiceListQuery } from '../api/queries';
import { QueryState } from '../components/query-state';
import { SubPageHead } from '../components/sub-page-head';
import { differences } from '../compare';
import { t } from '../i18n';
import { invoiceRoutes } from '../routes';
import '../invoices.css';

const period = (i: erpInvoices.Invoice) =>
  i.periodStart && i.periodEnd
    ? `${formatIsoDate(i.periodStart)} – ${formatIsoDate(i.periodEnd)}`
    : formatIsoDate(i.issueDate);

function Choose({ id, number }: { id: string; number: string }) {
  const customer = useAppStore((state) => state.customer);
  // The latest bills of every type but credit notes: the ones worth comparing.
  const list = useQuery({
    ...invoiceListQuery(customer?.id ?? '', 'bills', 0),
    enabled: Boolean(customer),
  });
  const others = list.data?.invoices.filter((i) => i.id !== id) ?? [];
  return (
    <section className="bill-panel" aria-labelledby="compare-choose">
      <h2 id="compare-choose" className="bill-panel__title">
        {t('invoices.compare.choose', { number })}
      </h2>
      <QueryState status={list.status} />
      {list.data && others.length === 0 ? (
        <p className="muted">{t('invoices.compare.choose_empty')}</p>
      ) : null}
      <ul className="plain-list bill-choices">
        {others.map((other) => (
          <li key={other.id}>
            <Link to={invoiceRoutes.comparison.to({ id, other: other.id })}>
              {t('invoices.compare.with', { number: other.number, period: period(other) })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SideBySide({ first, second }: { first: erpInvoices.InvoiceBill; second: erpInvoices.InvoiceBill }) {
  const lines = differences(first, second);
  return (
    <>
      <section className="bill-panel" aria-labelledby="compare-differences">
        <h2 id="compare-differences" className="bill-panel__title">
          {t('invoices.compare.differences')}
        </h2>
        <ul className="bill-differences">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <table className="bill-table bill-table--compare">
        <caption>
          {t('invoices.compare.heading', { first: first.invoice.number, second: second.invoice.number })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('invoices.compare.item')}</th>
            <th scope="col" className="bill-table__money">
              {first.invoice.number}
            </th>
            <th scope="col" className="bill-table__money">
              {second.invoice.number}
            </th>
            <th scope="col" className="bill-table__money">
              {t('invoices.compare.difference')}
            </th>
          </tr>
        </thead>
        <tbody>
          {first.receipt.map((line, i) => {
            const other = second.receipt[i]?.amountCents ?? 0;
            return (
              <tr key={line.kind}>
                <th scope="row">{line.label}</th>
                <td className="bill-table__money">{formatCents(line.amountCents)}</td>
                <td className="bill-table__money">{formatCents(other)}</td>
                <td className="bill-table__money">{formatCents(line.amountCents - other)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('invoices.detail.total')}</th>
            <td className="bill-table__money">{formatCents(first.totalCents)}</td>
            <td className="bill-table__money">{formatCents(second.totalCents)}</td>
            <td className="bill-table__money">{formatCents(first.totalCents - second.totalCents)}</td>
          </tr>
          <tr>
            <th scope="row">{t('invoices.detail.consumption')}</th>
            <td className="bill-table__money">
              {first.consumption.quantity} {first.consumption.unit}
            </td>
            <td className="bill-table__money">
              {second.consumption.quantity} {second.consumption.unit}
            </td>
            <td className="bill-table__money">
              {first.consumption.quantity - second.consumption.quantity} {first.consumption.unit}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('invoices.detail.period')}</th>
            <td className="bill-table__money">{period(first.invoice)}</td>
            <td className="bill-table__money">{period(second.invoice)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </>
  );
}

export default function ComparisonPage() {
  const { id = '', other } = useParams();
  const first = useQuery(billQuery(id));
  const second = useQuery({ ...billQuery(other ?? ''), enabled: Boolean(other) });
  return (
    <div className="page">
      <SubPageHead id={id} title={t('invoices.titles.compare')} />
      <QueryState status={first.status} />
      {first.data && !other ? <Choose id={id} number={first.data.invoice.number} /> : null}
      {other ? <QueryState status={second.status} /> : null}
      {first.data && second.data ? <SideBySide first={first.data} second={second.data} /> : null}
    </div>
  );
}
