// /invoice/{id} (SPEC §2): first what is owed and by when with the pay action, then the PDF, the
// installments (or the request for them), bill by e-mail, the comparison, and the Bolletta 2.0
// sections from the same answer the PDF is drawn from.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { erpInvoices } from '@sportello/contract';
import { Link, useParams } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { useAvailablePath } from '../../../shared/navigation/route-availability';
import { billQuery, installmentsQuery, invoiceQuery, sendBillByEmail } from '../api/queries';
import { BillDisputes } from '../components/bill-disputes';
import { BillDownload } from '../components/bill-download';
import { BillDetail, BillOffer, BillReceipt, BillSupplies } from '../components/bill-sections';
import { typeLabel } from '../components/invoice-item';
import { InstallmentStatus, InvoiceStatus, installmentStateOf } from '../components/invoice-status';
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

type Bill = erpInvoices.InvoiceBill;

/**
 * A bill the bank will debit on its due date: paying it as well would pay it twice. Once the due
 * date has passed and it is still owed, the debit failed and the bill is paid like any other.
 */
const debitedOnDueDate = (invoice: erpInvoices.InvoiceDetail, bill: Bill | undefined) =>
  bill?.payment.method === 'direct_debit' && !invoice.overdue;

/** When the bill is due: its own date, or the next installment's for a bill in installments. */
function DueLine({ invoice, bill }: { invoice: erpInvoices.InvoiceDetail; bill: Bill | undefined }) {
  const installments = useQuery({ ...installmentsQuery(invoice.id), enabled: invoice.hasInstallments });
  if (invoice.paymentPending) return <span className="bill-total__due">{t('invoices.detail.pending')}</span>;
  if (bill && debitedOnDueDate(invoice, bill)) {
    return (
      <span className="bill-total__due">
        {t('invoices.detail.direct_debit', {
          iban: bill.payment.iban ?? '',
          date: formatIsoDate(invoice.dueDate),
        })}
      </span>
    );
  }
  const next = installments.data?.installments.find((i) => i.toBePaid);
  if (invoice.paymentLevel === 'Installments' && next) {
    return (
      <span className="bill-total__due">
        {t(
          installmentStateOf(next) === 'overdue'
            ? 'invoices.detail.next_installment_overdue'
            : 'invoices.detail.next_installment',
          { number: next.number, amount: formatCents(next.amountCents), date: formatIsoDate(next.dueDate) },
        )}
      </span>
    );
  }
  return (
    <span className="bill-total__due">
      {t(invoice.overdue ? 'invoices.detail.due_overdue' : 'invoices.detail.due', {
        date: formatIsoDate(invoice.dueDate),
      })}
    </span>
  );
}

/** `bill` is undefined while it loads: the way to pay waits for it (a debited bill offers none). */
function Summary({
  invoice,
  bill,
  billSettled,
}: {
  invoice: erpInvoices.InvoiceDetail;
  bill: Bill | undefined;
  billSettled: boolean;
}) {
  const email = useMutation(sendBillByEmail);
  const comparePath = useAvailablePath(invoiceRoutes.chooseComparison, { id: invoice.id });
  const installmentsPath = useAvailablePath(invoiceRoutes.installmentsToPay, { id: invoice.id });
  const owed = invoice.outstandingCents > 0 && !invoice.paymentPending;
  const inInstallments = invoice.paymentLevel === 'Installments';
  const payable = owed && !inInstallments && billSettled && !debitedOnDueDate(invoice, bill);
  return (
    <section className={`bill-panel bill-panel--summary${invoice.overdue ? ' bill-panel--overdue' : ''}`}>
      <InvoiceStatus invoice={invoice} />
      {invoice.outstandingCents > 0 ? (
        <p className="bill-total">
          <span className="bill-total__label">{t('invoices.detail.to_pay')}</span>
          <span className="bill-total__amount">{formatCents(invoice.outstandingCents)}</span>
          <DueLine invoice={invoice} bill={bill} />
        </p>
      ) : invoice.amountCents < 0 ? (
        // A credit note is money owed to the customer: nothing was paid, nothing is due.
        <p className="bill-total">
          <span className="bill-total__label">{t('invoices.detail.credit')}</span>
          <span className="bill-total__amount">{formatCents(-invoice.amountCents)}</span>
          <span className="bill-total__due">{t('invoices.detail.credit_how')}</span>
        </p>
      ) : (
        <p className="bill-total">{t('invoices.detail.paid')}</p>
      )}
      {owed && bill?.collectionSuspended ? (
        <p className="bill-suspended">{t('invoices.detail.suspended')}</p>
      ) : null}
      <dl className="bill-facts">
        <div>
          <dt>{t('invoices.detail.amount')}</dt>
          <dd>{formatCents(invoice.amountCents)}</dd>
        </div>
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
        {payable ? (
          <PayButton payKind="Invoices" ids={[invoice.id]} returnInvoiceId={invoice.id}>
            {t('invoices.detail.pay', { amount: formatCents(invoice.outstandingCents) })}
          </PayButton>
        ) : null}
        {/* A bill in instalments is paid instalment by instalment: the way to do it comes first. */}
        {owed && inInstallments && installmentsPath ? (
          <Link to={installmentsPath} className="button button--primary">
            {t('invoices.detail.pay_installments')}
          </Link>
        ) : null}
        <BillDownload documentId={invoice.documentId} />
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
            <Summary invoice={invoice.data} bill={bill.data} billSettled={bill.status !== 'pending'} />
            {invoice.data.offlinePayment && !debitedOnDueDate(invoice.data, bill.data) ? (
              <OfflinePayment payment={invoice.data.offlinePayment} />
            ) : null}
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
