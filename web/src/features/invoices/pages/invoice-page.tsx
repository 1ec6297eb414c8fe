// /invoice/{id} (SPEC §2): first what is owed and by when with the pay action, then the PDF, the
// installments (or the request for them), bill by e-mail, the comparison, why the bill differs from
// the previous one (ADR 070), and the Bolletta 2.0 sections from the same answer the PDF is drawn from.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { erpInvoices } from '@sportello/contract';
import { Link, useParams } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { useAvailablePath } from '../../../shared/navigation/route-availability';
import { billQuery, installmentsQuery, invoiceQuery, sendBillByEmail } from '../api/queries';
import { BillDifference } from '../components/bill-difference';
import { BillDisputes } from '../components/bill-disputes';
import { BillDownload } from '../components/bill-download';
import { EInvoiceDownload } from '../components/einvoice-download';
import { BillDetail, BillOffer, BillReceipt, BillSupplies } from '../components/bill-sections';
import { typeLabel } from '../components/invoice-item';
import { InstallmentStatus, InvoiceStatus } from '../components/invoice-status';
import { OfflinePayment } from '../components/offline-payment';
import { PayButton } from '../../../shared/payments/pay-button';
import { QueryState } from '../components/query-state';
import { t } from '../i18n';
import { invoiceRoutes } from '../routes';
import '../invoices.css';

function Installments({ invoice }: { invoice: erpInvoices.InvoiceDetail }) {
  const installments = useQuery({ ...installmentsQuery(invoice.id), enabled: invoice.hasInstallments });
  const requestPath = useAvailablePath(invoiceRoutes.requestInstallments, {
    id: invoice.id,
    contractKey: invoice.contract.key,
    key: invoice.key,
  });
  if (!invoice.hasInstallments) {
    if (invoice.outstandingCents <= 0) return null;
    const { requestedOn } = invoice.installmentRequest;
    return (
      <section className="bill-panel" aria-labelledby="bill-installments">
        <h2 id="bill-installments" className="bill-panel__title">
          {t('invoices.detail.installments_heading')}
        </h2>
        {requestedOn ? (
          <p>{t('invoices.detail.request_sent', { date: formatIsoDate(requestedOn) })}</p>
        ) : invoice.installmentRequest.allowed && requestPath ? (
          <>
            <p>
              {t('invoices.detail.request_until', {
                date: formatIsoDate(invoice.installmentRequest.lastDay),
              })}
            </p>
            <Link to={requestPath} className="button button--secondary">
              {t('invoices.detail.request_installments')}
            </Link>
          </>
        ) : (
          <p className="muted">
            {t('invoices.detail.request_closed', {
              date: formatIsoDate(invoice.installmentRequest.lastDay),
            })}
          </p>
        )}
      </section>
    );
  }
  return (
    <section className="bill-panel" aria-labelledby="bill-installments">
      <h2 id="bill-installments" className="bill-panel__title">
        {t('invoices.detail.installments_heading')}
      </h2>
      <QueryState status={installments.status} />
      <ul className="plain-list">
        {installments.data?.installments.map((i) => (
          <li key={i.id} className="bill-installment">
            {t('invoices.detail.installment', {
              number: i.number,
              amount: formatCents(i.amountCents),
              date: formatIsoDate(i.dueDate),
            })}{' '}
            <InstallmentStatus installment={i} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The headline: what the customer must do of the bill (`invoice.toPay`, ADR 052). What remains for
 * them to pay and by when; the day the bank takes it (nothing to do); that collection is suspended;
 * a payment being confirmed; a credit; a paid bill.
 */
function Headline({ invoice, iban }: { invoice: erpInvoices.InvoiceDetail; iban: string | null }) {
  const { toPay } = invoice;
  const date = formatIsoDate(toPay.byDate ?? invoice.dueDate);
  const total = (label: string, cents: number, due: string) => (
    <p className="bill-total">
      <span className="bill-total__label">{label}</span>
      <span className="bill-total__amount">{formatCents(cents)}</span>
      <span className="bill-total__due">{due}</span>
    </p>
  );
  switch (toPay.way) {
    case 'credit':
      // A credit note is money owed to the customer: nothing was paid, nothing is due.
      return total(t('invoices.detail.credit'), -invoice.amountCents, t('invoices.detail.credit_how'));
    case 'paid':
      return <p className="bill-total">{t('invoices.detail.paid')}</p>;
    case 'cancelled':
      return <Cancelled invoice={invoice} />;
    case 'pending':
      return total(
        t('invoices.detail.to_pay'),
        invoice.outstandingCents - toPay.prescribedCents,
        t('invoices.detail.pending'),
      );
    case 'direct_debit':
      return total(
        t('invoices.detail.debit_heading', { date }),
        toPay.debitCents,
        t('invoices.detail.direct_debit', { iban: iban ?? '' }),
      );
    case 'suspended':
      return total(
        t('invoices.detail.suspended_heading'),
        toPay.suspendedCents,
        t('invoices.detail.suspended_amount', { amount: formatCents(toPay.suspendedCents) }),
      );
    case 'prescribed':
      return total(t('invoices.detail.prescribed_heading'), 0, '');
    case 'installments':
      return total(
        `${t('invoices.detail.to_pay')} · ${t('invoices.detail.installment_label', { number: toPay.installmentNumber ?? 0 })}`,
        toPay.yoursCents,
        t(toPay.overdue ? 'invoices.detail.due_overdue' : 'invoices.detail.due', { date }),
      );
    default:
      return total(
        t('invoices.detail.to_pay'),
        toPay.yoursCents,
        t(toPay.overdue ? 'invoices.detail.due_overdue' : 'invoices.detail.due', { date }),
      );
  }
}

/** A bill the supplier cancelled: nothing to pay, why, and the credit note that gives back what was paid. */
function Cancelled({ invoice }: { invoice: erpInvoices.InvoiceDetail }) {
  const { cancellation } = invoice;
  return (
    <div className="bill-cancelled">
      <p className="bill-total">{t('invoices.detail.cancelled')}</p>
      {cancellation ? <p>{t('invoices.detail.cancelled_reason', { reason: cancellation.reason })}</p> : null}
      {cancellation?.creditNoteId ? (
        <p>
          {t('invoices.detail.cancelled_credit_note')}{' '}
          <Link to={invoiceRoutes.detail.to({ id: cancellation.creditNoteId })}>
            {t('invoices.detail.credit_note_link')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** `iban` is the debited account, once the bill's answer has come. */
function Summary({ invoice, iban }: { invoice: erpInvoices.InvoiceDetail; iban: string | null }) {
  const email = useMutation(sendBillByEmail);
  const comparePath = useAvailablePath(invoiceRoutes.chooseComparison, { id: invoice.id });
  const installmentsPath = useAvailablePath(invoiceRoutes.installmentsToPay, { id: invoice.id });
  const { toPay } = invoice;
  const paidCents = invoice.amountCents - invoice.outstandingCents;
  return (
    <section className={`bill-panel bill-panel--summary${invoice.overdue ? ' bill-panel--overdue' : ''}`}>
      <InvoiceStatus invoice={invoice} />
      <Headline invoice={invoice} iban={iban} />
      {toPay.prescribedCents > 0 && toPay.way !== 'suspended' ? (
        <p className="bill-suspended">
          {t('invoices.detail.prescribed_left_out', { amount: formatCents(toPay.prescribedCents) })}
        </p>
      ) : null}
      {toPay.way === 'suspended' ? <p className="bill-suspended">{t('invoices.detail.suspended')}</p> : null}
      <dl className="bill-facts">
        <div>
          <dt>{t('invoices.detail.amount')}</dt>
          <dd>{formatCents(invoice.amountCents)}</dd>
        </div>
        {invoice.amountCents > 0 && paidCents > 0 ? (
          <div>
            <dt>{t('invoices.detail.already_paid')}</dt>
            <dd>{formatCents(paidCents)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('invoices.detail.issue_date')}</dt>
          <dd>{formatIsoDate(invoice.issueDate)}</dd>
        </div>
        {invoice.periodStart && invoice.periodEnd ? (
          <div>
            <dt>{t('invoices.detail.period')}</dt>
            <dd>
              {formatIsoDate(invoice.periodStart)} – {formatIsoDate(invoice.periodEnd)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('invoices.detail.contract')}</dt>
          <dd>{invoice.contract.number}</dd>
        </div>
      </dl>
      <div className="bill-actions">
        {toPay.way === 'pay' ? (
          <PayButton payKind="Invoices" ids={[invoice.id]} returnInvoiceId={invoice.id}>
            {t('invoices.detail.pay', { amount: formatCents(toPay.yoursCents) })}
          </PayButton>
        ) : null}
        {/* A bill in instalments is paid instalment by instalment: the way to do it comes first. */}
        {toPay.way === 'installments' && installmentsPath ? (
          <Link to={installmentsPath} className="button button--primary">
            {t('invoices.detail.pay_installments')}
          </Link>
        ) : null}
        <BillDownload documentId={invoice.documentId} />
        <EInvoiceDownload invoiceId={invoice.id} eInvoice={invoice.eInvoice} />
        {comparePath ? (
          <Link to={comparePath} className="button button--secondary">
            {t('invoices.detail.compare')}
          </Link>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          disabled={email.isPending}
          onClick={() => email.mutate({ body: { invoiceId: invoice.id } })}
        >
          {t('invoices.detail.email')}
        </button>
        <p role="status" className="bill-actions__status">
          {email.isSuccess
            ? t('invoices.detail.email_sent')
            : email.isError
              ? t('invoices.installments.error')
              : ''}
        </p>
      </div>
      {/* Paying a debited bill is an explicit choice, never the main action: the bank is told to skip it. */}
      {toPay.way === 'direct_debit' ? (
        <details className="bill-pay-instead">
          <summary>{t('invoices.detail.pay_instead')}</summary>
          <p>{t('invoices.detail.pay_instead_note')}</p>
          <PayButton
            payKind="Invoices"
            ids={[invoice.id]}
            returnInvoiceId={invoice.id}
            skipDirectDebit
            className="button button--secondary"
          >
            {t('invoices.detail.pay', { amount: formatCents(toPay.debitCents) })}
          </PayButton>
        </details>
      ) : null}
    </section>
  );
}

export default function InvoicePage() {
  const { id = '' } = useParams();
  const invoice = useQuery(invoiceQuery(id));
  const bill = useQuery({ ...billQuery(id), enabled: invoice.isSuccess });
  return (
    <div className="page">
      <Link to={invoiceRoutes.list.to()} className="back-link">
        {t('invoices.back_to_list')}
      </Link>
      <h1 className="page__title">
        {invoice.data
          ? `${typeLabel(invoice.data.invoiceTypeCode)} ${invoice.data.number}`
          : t('invoices.titles.detail')}
      </h1>
      <QueryState status={invoice.status} />
      {invoice.data ? (
        <div className="bill-layout">
          <div className="bill-layout__main">
            <Summary invoice={invoice.data} iban={bill.data?.payment.iban ?? null} />
            {/* Why it differs from the previous bill, right after what to pay (ADR 070). */}
            {bill.data ? <BillDifference bill={bill.data} /> : null}
            {invoice.data.offlinePayment ? <OfflinePayment payment={invoice.data.offlinePayment} /> : null}
            <Installments invoice={invoice.data} />
            {bill.data ? <BillDisputes bill={bill.data} /> : null}
          </div>
          <div className="bill-layout__side">
            <QueryState status={bill.status} />
            {bill.data ? (
              <>
                {/* The 2025 front page's order after what to pay (ADR 031); other panels go between parts. */}
                <BillSupplies bill={bill.data} />
                <BillReceipt bill={bill.data} />
                <BillOffer bill={bill.data} />
                <BillDetail bill={bill.data} />
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
