// The return from the gateway (payment_ok / payment_ko): the browser's return proves nothing, so the
// page shows the payment as the server recorded it from the gateway's notification, polling while
// it is pending, and saves what the user saw with the modify call (SPEC §4).
import { erpPayments } from '@sportello/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';
import { formatCents } from '../../../shared/format/format';
import { PayButton } from '../../../shared/payments/pay-button';
import { t } from '../i18n';
import { invoiceRoutes } from '../routes';
import '../invoices.css';

const POLL_MS = 1500;
/** After this long a payment still pending is said to be so, plainly; polling goes on slower. */
const PATIENCE_MS = 20_000;

const recordOutcome = callMutation(erpPayments.modifyPayment, {
  invalidates: () => [erpPayments.getPayment],
  quiet: true,
});

export function PaymentResult({ returned }: { returned: 'OK' | 'KO' }) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('payment') ?? '';
  const [patient, setPatient] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPatient(false), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  const payment = useQuery({
    ...callQueryOptions(erpPayments.getPayment, { params: { id: key } }, { quiet: true }),
    enabled: key !== '',
    refetchInterval: (query) =>
      query.state.data?.status === 'Pending' ? (patient ? POLL_MS : POLL_MS * 4) : false,
  });
  const record = useMutation(recordOutcome);
  const recorded = useRef(false);
  const status = payment.data?.status;
  useEffect(() => {
    if (!status || recorded.current) return;
    recorded.current = true;
    const userOutcome = status === 'Cancelled' ? 'CANCEL' : returned;
    record.mutate({ body: { id: key, userOutcome, userOutcomeDate: new Date().toISOString() } });
  }, [status, key, returned, record]);

  let heading: string;
  let text: string;
  if (!key || payment.isError) {
    heading = t('invoices.titles.payment');
    text = t('invoices.payment.missing');
  } else if ((!payment.data || status === 'Pending') && returned === 'KO') {
    // Back from a refused or cancelled card: the outcome is on its way; nothing was completed, so
    // nothing may say "waiting for confirmation, do not pay again" in the meantime.
    heading = t('invoices.payment.checking_heading');
    text = t('invoices.payment.checking');
  } else if (!payment.data || status === 'Pending') {
    heading = t('invoices.payment.waiting_heading');
    text = payment.data && !patient ? t('invoices.payment.still_waiting') : t('invoices.payment.waiting');
  } else if (status === 'Paid') {
    heading = t('invoices.payment.paid_heading');
    text = t('invoices.payment.paid', { amount: formatCents(payment.data.totalAmount) });
  } else if (status === 'Cancelled') {
    heading = t('invoices.payment.cancelled_heading');
    text = t('invoices.payment.cancelled');
  } else if (status === 'Expired') {
    heading = t('invoices.payment.expired_heading');
    text = t('invoices.payment.expired');
  } else {
    heading = t('invoices.payment.refused_heading');
    text = t('invoices.payment.refused');
  }
  const tone = status === 'Paid' ? 'ok' : status === 'Pending' || !status ? 'waiting' : 'ko';
  return (
    <div className="page">
      <h1 className="page__title">{t('invoices.titles.payment')}</h1>
      <section className={`bill-panel bill-result bill-result--${tone}`} role="status" aria-live="polite">
        <h2 className="bill-panel__title">{heading}</h2>
        <p>{text}</p>
        {payment.data && status === 'Paid' ? (
          <p>{t('invoices.payment.items', { items: payment.data.items.map((i) => i.label).join(', ') })}</p>
        ) : null}
      </section>
      <p className="bill-actions">
        {payment.data && tone === 'ko' ? (
          <PayButton
            payKind={payment.data.payKind}
            ids={payment.data.items.map((i) => i.id)}
            returnInvoiceId={id}
          >
            {t('invoices.payment.retry')}
          </PayButton>
        ) : null}
        <Link to={invoiceRoutes.detail.to({ id })} className="button button--secondary">
          {t('invoices.back_to_invoice')}
        </Link>
        <Link to={invoiceRoutes.list.to()} className="button button--secondary">
          {t('invoices.back_to_list')}
        </Link>
      </p>
    </div>
  );
}
