// The dashboard's "bills to pay" card, the first card: what the customer must pay themselves and by
// when (ADR 052), one payment for the bills that can be paid whole ('Paga tutto' when that is all of
// them), then every bill it counts, soonest first, overdue ones flagged in words and colour; then what
// the bank will debit and what a complaint holds, said apart with no 'Paga'. A bill in installments
// says which installment is due and leads to the installments page.
import { t } from '../i18n';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import type { erpInvoices } from '@sportello/contract';
import { byDateToPay, isPayableAsBill, lineCents } from '@sportello/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAvailablePath } from '../../../shared/navigation/route-availability';
import { useAppStore } from '../../../shared/state/app-store';
import { invoiceRoutes } from '../../invoices/routes';
import { outstandingInvoices } from '../api/queries';
import { DashboardSection } from './dashboard-section';
import { PayTogether } from './pay-together';

type Invoice = erpInvoices.Invoice;

/** By when, in the words of what the customer does with the bill (ADR 052). */
function dueText(invoice: Invoice): string {
  const { toPay } = invoice;
  const date = formatIsoDate(toPay.byDate ?? invoice.dueDate);
  switch (toPay.way) {
    case 'pending':
      return t('dashboard.invoices.pending');
    case 'direct_debit':
      return t('dashboard.invoices.debit', { date });
    case 'suspended':
      return t('dashboard.invoices.suspended');
    case 'installments':
      return t(
        toPay.overdue ? 'dashboard.invoices.installment_overdue' : 'dashboard.invoices.installment_due',
        {
          number: toPay.installmentNumber ?? 0,
          date,
        },
      );
    default:
      return t(toPay.overdue ? 'dashboard.invoices.overdue' : 'dashboard.invoices.due', { date });
  }
}

function InvoiceLine({ invoice, canPay }: { invoice: Invoice; canPay: boolean }) {
  const path = useAvailablePath(invoiceRoutes.detail, { id: invoice.id });
  const installmentsPath = useAvailablePath(invoiceRoutes.installmentsToPay, { id: invoice.id });
  const label = t('dashboard.invoices.item', { number: invoice.number });
  const { way, overdue } = invoice.toPay;
  const inInstallments = way === 'installments';
  // Only what the customer pays themselves has a 'Paga': never a debited, suspended or pending bill.
  const payPath = inInstallments ? installmentsPath : way === 'pay' ? path : null;
  return (
    <li className={`invoice-row${overdue ? ' invoice-row--overdue' : ''}`}>
      <span>{path ? <Link to={path}>{label}</Link> : label}</span>
      <span className="invoice-row__amount">{formatCents(lineCents(invoice.toPay))}</span>
      <span className="invoice-row__due">{dueText(invoice)}</span>
      {payPath && canPay ? (
        <Link
          to={payPath}
          className="button button--primary invoice-row__pay"
          aria-label={t(
            inInstallments ? 'dashboard.invoices.pay_installment_label' : 'dashboard.invoices.pay_label',
            {
              number: invoice.number,
            },
          )}
        >
          {t('dashboard.invoices.pay')}
        </Link>
      ) : null}
    </li>
  );
}

function OutstandingInvoices({ customerId }: { customerId: string }) {
  const { data } = useSuspenseQuery(outstandingInvoices(customerId));
  const canPay = useAppStore((state) => state.modules?.includes('pay') ?? false);
  const listPath = useAvailablePath(invoiceRoutes.list);
  const { toPay } = data;
  // Every bill the card counts is listed, soonest first; then those the bank or a complaint has.
  const sorted = byDateToPay(data.invoices);
  const yours = sorted.filter((i) => i.toPay.yoursCents > 0);
  const others = sorted.filter((i) => i.toPay.yoursCents <= 0);
  const payable = yours.filter(isPayableAsBill);
  return (
    <>
      {toPay.count === 0 ? (
        <p className="card__muted">
          {data.count === 0 ? t('dashboard.invoices.none') : t('dashboard.invoices.none_yours')}
        </p>
      ) : (
        <>
          <p className="card__highlight">
            {t('dashboard.invoices.summary', { count: toPay.count, amount: formatCents(toPay.yoursCents) })}
          </p>
          <p className="card__lead">
            {t(toPay.overdueCount > 0 ? 'dashboard.invoices.since' : 'dashboard.invoices.by', {
              date: formatIsoDate(toPay.byDate ?? ''),
            })}
          </p>
          {/* A brand without online payment has no button, so nothing to say about what it leaves out. */}
          {canPay && payable.length > 1 ? (
            <PayTogether payable={payable} all={yours} count={toPay.count} />
          ) : null}
          <ul className="plain-list">
            {yours.map((invoice) => (
              <InvoiceLine key={invoice.id} invoice={invoice} canPay={canPay} />
            ))}
          </ul>
        </>
      )}
      {toPay.debitCount > 0 ? (
        <p className="card__muted">
          {t('dashboard.invoices.debit_note', {
            count: toPay.debitCount,
            amount: formatCents(toPay.debitCents),
          })}
        </p>
      ) : null}
      {toPay.suspendedCount > 0 ? (
        <p className="card__muted">
          {t('dashboard.invoices.suspended_note', {
            count: toPay.suspendedCount,
            amount: formatCents(toPay.suspendedCents),
          })}
        </p>
      ) : null}
      {others.length > 0 ? (
        <ul className="plain-list">
          {others.map((invoice) => (
            <InvoiceLine key={invoice.id} invoice={invoice} canPay={canPay} />
          ))}
        </ul>
      ) : null}
      {data.count > 0 && listPath ? <Link to={listPath}>{t('dashboard.invoices.all')}</Link> : null}
    </>
  );
}

export function InvoicesSection({ customerId }: { customerId: string }) {
  return (
    <DashboardSection heading={t('dashboard.invoices.heading')} className="card--first">
      <OutstandingInvoices customerId={customerId} />
    </DashboardSection>
  );
}
