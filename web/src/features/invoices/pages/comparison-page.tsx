// /invoice/{id}/comparation (choose the other bill) and /invoice/{id}/comparation/{other}: two bills
// side by side, heading by heading of the "scontrino", with what changed said in words.
import { useQuery } from '@tanstack/react-query';
import type { erpInvoices } from '@sportello/contract';
import { Link, useParams } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import '../../../shared/ui/phone-card-table.css';
import { billQuery, comparableQuery } from '../api/queries';
import { DifferenceExplained } from '../components/bill-difference';
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

function CompareLink({
  id,
  other,
  text,
}: {
  id: string;
  other: erpInvoices.Invoice;
  text: 'invoices.compare.previous' | 'invoices.compare.last_year' | 'invoices.compare.with';
}) {
  return (
    <Link to={invoiceRoutes.comparison.to({ id, other: other.id })}>
      {t(text, { number: other.number, period: period(other) })}
    </Link>
  );
}

/** Only bills of the same supply: the previous one and the same period last year first, then the rest. */
function Choose({ id, number }: { id: string; number: string }) {
  const comparable = useQuery(comparableQuery(id));
  const data = comparable.data;
  const proposed = new Set([data?.previous?.id, data?.lastYear?.id]);
  const others = data?.invoices.filter((i) => !proposed.has(i.id)) ?? [];
  return (
    <section className="bill-panel" aria-labelledby="compare-choose">
      <h2 id="compare-choose" className="bill-panel__title">
        {t('invoices.compare.choose', { number })}
      </h2>
      <QueryState status={comparable.status} />
      {data && data.invoices.length === 0 ? (
        <p className="muted">{t('invoices.compare.choose_empty')}</p>
      ) : null}
      {data?.previous || data?.lastYear ? (
        <ul
          className="plain-list bill-choices bill-choices--proposed"
          aria-label={t('invoices.compare.proposed')}
        >
          {data.previous ? (
            <li>
              <CompareLink id={id} other={data.previous} text="invoices.compare.previous" />
            </li>
          ) : null}
          {data.lastYear ? (
            <li>
              <CompareLink id={id} other={data.lastYear} text="invoices.compare.last_year" />
            </li>
          ) : null}
        </ul>
      ) : null}
      {others.length > 0 ? (
        <>
          <h3 className="bill-choices__title">{t('invoices.compare.others')}</h3>
          <ul className="plain-list bill-choices">
            {others.map((other) => (
              <li key={other.id}>
                <CompareLink id={id} other={other} text="invoices.compare.with" />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function SideBySide({ first, second }: { first: erpInvoices.InvoiceBill; second: erpInvoices.InvoiceBill }) {
  const lines = differences(first, second);
  // On a phone each row becomes a card and each figure says whose it is (no squeezed columns).
  const labels = [first.invoice.number, second.invoice.number, t('invoices.compare.difference')];
  // The previous bill or last year's: the bill's own explanation in euros, as its page and PDF say it.
  const explained = [first.difference.previous, first.difference.lastYear].find(
    (d) => d.other?.id === second.invoice.id,
  );
  return (
    <>
      {explained ? (
        <section className="bill-panel">
          <DifferenceExplained
            billId={first.invoice.id}
            difference={explained}
            headingLevel={2}
            sideBySideLink={false}
          />
        </section>
      ) : null}
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
      <table className="bill-table bill-table--compare phone-card-table">
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
                <td className="bill-table__money" data-label={labels[0]}>
                  {formatCents(line.amountCents)}
                </td>
                <td className="bill-table__money" data-label={labels[1]}>
                  {formatCents(other)}
                </td>
                <td className="bill-table__money" data-label={labels[2]}>
                  {formatCents(line.amountCents - other)}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('invoices.detail.total')}</th>
            <td className="bill-table__money" data-label={labels[0]}>
              {formatCents(first.totalCents)}
            </td>
            <td className="bill-table__money" data-label={labels[1]}>
              {formatCents(second.totalCents)}
            </td>
            <td className="bill-table__money" data-label={labels[2]}>
              {formatCents(first.totalCents - second.totalCents)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('invoices.detail.consumption')}</th>
            <td className="bill-table__money" data-label={labels[0]}>
              {first.consumption.quantity} {first.consumption.unit}
            </td>
            <td className="bill-table__money" data-label={labels[1]}>
              {second.consumption.quantity} {second.consumption.unit}
            </td>
            <td className="bill-table__money" data-label={labels[2]}>
              {first.consumption.quantity - second.consumption.quantity} {first.consumption.unit}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('invoices.detail.period')}</th>
            <td className="bill-table__money" data-label={labels[0]}>
              {period(first.invoice)}
            </td>
            <td className="bill-table__money" data-label={labels[1]}>
              {period(second.invoice)}
            </td>
            <td data-label={labels[2]} />
          </tr>
        </tfoot>
      </table>
    </>
  );
}

/** Two bills are compared only when they are for the same supplies (so the same commodity). */
const sameSupply = (a: erpInvoices.InvoiceBill, b: erpInvoices.InvoiceBill) =>
  a.commodity === b.commodity && a.supplies.map((s) => s.key).join() === b.supplies.map((s) => s.key).join();

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
      {first.data && second.data ? (
        sameSupply(first.data, second.data) ? (
          <SideBySide first={first.data} second={second.data} />
        ) : (
          <p className="muted" role="alert">
            {t('invoices.compare.other_supply')}
          </p>
        )
      ) : null}
    </div>
  );
}
