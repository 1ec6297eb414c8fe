// /invoices and /invoices-list (SPEC §2): first what to pay and by when (total, overdue bills
// flagged and first, several paid at once), then every bill, filtered by type, five per page.
import { byDateToPay, isPayableAsBill, todayInRome } from '@sportello/domain';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { customerContractsQuery } from '../../../shared/api/supplies-query';
import { formatCents } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import {
  INVOICES_PAGE_SIZE,
  type ListScope,
  TYPE_FILTERS,
  invoiceListQuery,
  outstandingQuery,
  type TypeFilter,
} from '../api/queries';
import { InvoiceItem } from '../components/invoice-item';
import { useSupplyLines, type SupplyLines } from '../components/bill-supply';
import { InsolvencyNotice } from '../../../shared/payments/insolvency-notice';
import { PayButton } from '../../../shared/payments/pay-button';
import { invoiceRoutes } from '../routes';
import { QueryState } from '../components/query-state';
import { toggled } from '../components/sub-page-head';
import { t } from '../i18n';
import '../invoices.css';

const FILTERS = Object.keys(TYPE_FILTERS) as TypeFilter[];

function filterOf(typeCodes: string | null): TypeFilter {
  return FILTERS.find((f) => TYPE_FILTERS[f] === typeCodes) ?? 'all';
}

function ToPay({
  customer,
  supplyOf,
}: {
  customer: { id: string; key: string };
  /** Null while the supplies load: the panel says it is loading until they are in. */
  supplyOf: SupplyLines | null;
}) {
  const outstanding = useQuery(outstandingQuery(customer.id));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const headingId = useId();
  const data = supplyOf ? outstanding.data : undefined;
  const chosen = data?.invoices.filter((i) => selected.has(i.id) && isPayableAsBill(i)) ?? [];
  const chosenCents = chosen.reduce((sum, i) => sum + i.toPay.yoursCents, 0);
  return (
    <section className="bill-panel bill-panel--to-pay" aria-labelledby={headingId}>
      <h2 id={headingId} className="bill-panel__title">
        {t('invoices.list.to_pay_heading')}
      </h2>
      <QueryState status={supplyOf ? outstanding.status : 'pending'} />
      {data ? (
        data.count === 0 ? (
          <p className="bill-panel__none">{t('invoices.list.to_pay_none')}</p>
        ) : (
          <>
            {/* What the customer pays themselves; what the bank takes or a complaint holds, said apart (ADR 052). */}
            <p className="bill-total">
              <span className="bill-total__label">{t('invoices.list.to_pay_total')}</span>
              <span className="bill-total__amount">{formatCents(data.toPay.yoursCents)}</span>
            </p>
            {data.toPay.overdueCount > 0 ? (
              <p className="bill-alert">
                {t('invoices.list.overdue_count', { count: data.toPay.overdueCount })}
              </p>
            ) : null}
            {data.toPay.debitCount > 0 ? (
              <p>
                {t('invoices.list.debit_note', {
                  count: data.toPay.debitCount,
                  amount: formatCents(data.toPay.debitCents),
                })}
              </p>
            ) : null}
            {data.toPay.suspendedCount > 0 ? (
              <p>
                {t('invoices.list.suspended_note', {
                  count: data.toPay.suspendedCount,
                  amount: formatCents(data.toPay.suspendedCents),
                })}
              </p>
            ) : null}
            <ul className="bill-list">
              {byDateToPay(data.invoices).map((invoice) => (
                <InvoiceItem
                  key={invoice.id}
                  invoice={invoice}
                  supply={supplyOf?.(invoice.contract.id) ?? null}
                  selection={
                    !isPayableAsBill(invoice)
                      ? undefined
                      : {
                          checked: selected.has(invoice.id),
                          onChange: (checked) =>
                            setSelected((current) => toggled(current, invoice.id, checked)),
                        }
                  }
                />
              ))}
            </ul>
            <div className="bill-pay">
              <p className="bill-pay__summary" aria-live="polite">
                {t('invoices.list.selected', { count: chosen.length, amount: formatCents(chosenCents) })}
              </p>
              <PayButton payKind="Invoices" ids={chosen.map((i) => i.id)}>
                {t('invoices.list.pay_selected')}
              </PayButton>
            </div>
          </>
        )
      ) : null}
    </section>
  );
}

/**
 * The years a customer can look at: this one and the two before (the bills kept online). Asked when
 * the list renders, not when the page's code loads: Rome's calendar needs an Intl formatter, which
 * would otherwise be built in the same task as all the page's modules.
 */
function viewableYears(): number[] {
  const now = Number(todayInRome(new Date()).slice(0, 4));
  return [now, now - 1, now - 2];
}

/** The list's filter, page and scope, from the URL, and the years it can show. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('typeCodes'));
  const page = Math.max(0, Number(params.get('page') ?? '1') - 1) || 0;
  const years = viewableYears();
  const scope: ListScope = {
    contractId: params.get('contract'),
    year: years.includes(Number(params.get('year'))) ? Number(params.get('year')) : null,
  };
  return { filter, page, scope, years, setParams };
}

function AllInvoices({
  customer,
  supplyOf,
}: {
  customer: { id: string; key: string };
  supplyOf: SupplyLines;
}) {
  const { filter, page, scope, years, setParams } = useListParams();
  const list = useQuery(invoiceListQuery(customer.id, filter, page, scope));
  const contracts = useQuery(customerContractsQuery(customer.key));
  const headingId = useId();
  const contractFieldId = useId();
  const yearFieldId = useId();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / INVOICES_PAGE_SIZE)) : 1;
  const go = (next: {
    filter?: TypeFilter;
    page?: number;
    contractId?: string | null;
    year?: number | null;
  }) => {
    const f = next.filter ?? filter;
    const search = new URLSearchParams();
    if (f !== 'all') search.set('typeCodes', TYPE_FILTERS[f]);
    const contractId = next.contractId === undefined ? scope.contractId : next.contractId;
    if (contractId) search.set('contract', contractId);
    const year = next.year === undefined ? scope.year : next.year;
    if (year) search.set('year', String(year));
    const p = next.page ?? 0;
    if (p > 0) search.set('page', String(p + 1));
    setParams(search);
  };
  return (
    <section className="bill-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="bill-panel__title">
        {t('invoices.list.heading')}
      </h2>
      <fieldset className="bill-filters">
        <legend>{t('invoices.list.filter_label')}</legend>
        {FILTERS.map((f) => (
          <label key={f} className={`bill-filter${f === filter ? ' bill-filter--on' : ''}`}>
            <input
              type="radio"
              name="typeCodes"
              value={f}
              checked={f === filter}
              onChange={() => go({ filter: f, page: 0 })}
            />
            {t(`invoices.list.filter.${f}`)}
          </label>
        ))}
      </fieldset>
      <div className="bill-scope">
        {(contracts.data?.count ?? 0) > 1 ? (
          <div className="bill-scope__field">
            <label htmlFor={contractFieldId}>{t('invoices.list.supply_label')}</label>
            <select
              id={contractFieldId}
              value={scope.contractId ?? ''}
              onChange={(e) => go({ contractId: e.target.value || null, page: 0 })}
            >
              <option value="">{t('invoices.list.supply_all')}</option>
              {contracts.data?.contracts.map((c) => (
                <option key={c.id} value={c.id}>
                  {t('invoices.list.supply_option', { name: c.name, number: c.number })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="bill-scope__field">
          <label htmlFor={yearFieldId}>{t('invoices.list.year_label')}</label>
          <select
            id={yearFieldId}
            value={scope.year ?? ''}
            onChange={(e) => go({ year: e.target.value ? Number(e.target.value) : null, page: 0 })}
          >
            <option value="">{t('invoices.list.year_all')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div aria-busy={list.status === 'pending'}>
        <QueryState status={list.status} />
        {list.data ? (
          list.data.invoices.length === 0 ? (
            <p className="muted">{t('invoices.list.empty')}</p>
          ) : (
            <ul className="bill-list">
              {list.data.invoices.map((invoice) => (
                <InvoiceItem key={invoice.id} invoice={invoice} supply={supplyOf(invoice.contract.id)} />
              ))}
            </ul>
          )
        ) : null}
      </div>
      {pages > 1 ? (
        <nav className="bill-pages" aria-label={t('invoices.list.pages')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={page === 0}
            onClick={() => go({ page: page - 1 })}
          >
            {t('invoices.list.previous')}
          </button>
          <span>{t('invoices.list.page', { page: page + 1, pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page + 1 >= pages}
            onClick={() => go({ page: page + 1 })}
          >
            {t('invoices.list.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function Bills({ customer }: { customer: { id: string; key: string } }) {
  // The list waits for what to pay: shown first, the to-pay panel would push it down as it fills.
  // Both wait for the supplies that name each bill, whose line would push the bills down (CLS).
  // Their reads start now all the same, so the page waits one round trip.
  const { filter, page, scope } = useListParams();
  usePrefetchQuery(invoiceListQuery(customer.id, filter, page, scope));
  usePrefetchQuery(customerContractsQuery(customer.key));
  const toPayLoading = useQuery(outstandingQuery(customer.id)).status === 'pending';
  const supplyOf = useSupplyLines(customer.key);
  return (
    <>
      <ToPay customer={customer} supplyOf={supplyOf} />
      {toPayLoading || !supplyOf ? null : <AllInvoices customer={customer} supplyOf={supplyOf} />}
    </>
  );
}

export default function InvoicesPage() {
  const customer = useAppStore((state) => state.customer);
  // The guards never let a user here without a customer.
  if (!customer) return null;
  return (
    <div className="page">
      <h1 className="page__title">{t('invoices.titles.list')}</h1>
      {/* Shown above what to pay once known; the rest of the page does not wait for it. */}
      <Suspense fallback={null}>
        <InsolvencyNotice
          customerId={customer.id}
          billPath={(id) => invoiceRoutes.detail.to({ id })}
          className="bill-panel"
        />
      </Suspense>
      <Bills customer={customer} />
    </div>
  );
}
