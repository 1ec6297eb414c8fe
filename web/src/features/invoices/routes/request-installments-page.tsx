// /invoice/{id}/request-installments/{contractKey}/{key}: asks to split a bill into monthly
// installments, inside the window the server checks (ADR 015); 'Errore invio richiesta' on failure.
import { erpInvoices } from '@sportello/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { formatCents } from '../../../shared/format/format';
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
            {ask.isError ? t('invoices.installments.error') : ''}
          </p>
        </form>
      ) : null}
    </div>
  );
}
