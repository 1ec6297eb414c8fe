// /invoice/{id}/request-installments/{contractKey}/{key}: asks to split a bill into monthly
// installments, inside the window the server checks (ADR 015); 'Errore invio richiesta' on failure.
import { erpInvoices } from '@sportello/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { installmentPlan, todayInRome } from '@sportello/domain';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { askInstallments, invoiceQuery } from '../api/queries';
import { QueryState } from '../components/query-state';
import { SubPageHead } from '../components/sub-page-head';
import { t } from '../i18n';
import '../invoices.css';

const { INSTALLMENTS_MAX, INSTALLMENTS_MIN } = erpInvoices;
const COUNTS = Array.from(
  { length: INSTALLMENTS_MAX - INSTALLMENTS_MIN + 1 },
  (_, i) => INSTALLMENTS_MIN + i,
);

/** The amounts and dates the request would give, from the rule the server stores with it. */
function PlanPreview({ outstandingCents, count }: { outstandingCents: number; count: number }) {
  const plan = installmentPlan(outstandingCents, count, todayInRome(new Date()));
  return (
    <table className="bill-plan">
      <caption>{t('invoices.installments.preview')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('invoices.installments.preview_number')}</th>
          <th scope="col">{t('invoices.installments.preview_amount')}</th>
          <th scope="col">{t('invoices.installments.preview_due')}</th>
        </tr>
      </thead>
      <tbody>
        {plan.map((i) => (
          <tr key={i.number}>
            <td>{i.number}</td>
            <td>{formatCents(i.amountCents)}</td>
            <td>{formatIsoDate(i.dueDate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function RequestInstallmentsPage() {
  const { id = '', contractKey = '' } = useParams();
  const invoice = useQuery(invoiceQuery(id));
  const ask = useMutation(askInstallments);
  const [count, setCount] = useState(3);
  const [note, setNote] = useState('');
  const countId = useId();
  const noteId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate({
      body: { invoiceId: id, contractKey, installmentsCount: count, ...(note.trim() ? { note } : {}) },
    });
  };
  const data = invoice.data;
  return (
    <div className="page">
      <SubPageHead
        id={id}
        title={
          data
            ? t('invoices.installments.heading', { number: data.number })
            : t('invoices.titles.request_installments')
        }
      />
      <QueryState status={invoice.status} />
      {data && ask.isSuccess ? (
        <section className="bill-panel bill-panel--done" role="status">
          <h2 className="bill-panel__title">{t('invoices.installments.sent')}</h2>
          <p>{t('invoices.installments.sent_text')}</p>
        </section>
      ) : data?.installmentRequest.requestedOn ? (
        <p>
          {t('invoices.detail.request_sent', { date: formatIsoDate(data.installmentRequest.requestedOn) })}
        </p>
      ) : data && data.outstandingCents <= 0 ? (
        <p>{t('invoices.installments.nothing_owed')}</p>
      ) : data && !data.installmentRequest.allowed ? (
        <p className="bill-alert">{t('invoices.installments.not_allowed')}</p>
      ) : data ? (
        <form className="bill-panel bill-form" onSubmit={submit} noValidate>
          <p>{t('invoices.installments.intro', { amount: formatCents(data.outstandingCents) })}</p>
          <label htmlFor={countId}>{t('invoices.installments.count')}</label>
          <select id={countId} value={count} onChange={(e) => setCount(Number(e.target.value))}>
            {COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <PlanPreview outstandingCents={data.outstandingCents} count={count} />
          <label htmlFor={noteId}>{t('invoices.installments.note')}</label>
          <textarea
            id={noteId}
            value={note}
            maxLength={500}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={ask.isPending}>
            {t('invoices.installments.submit')}
          </button>
          <p role="alert" className="bill-form__error">
            {ask.isError ? `${t('invoices.installments.error')}: ${ask.error.message}` : ''}
          </p>
        </form>
      ) : null}
    </div>
  );
}
