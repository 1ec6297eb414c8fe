// One bill in a list: number and type, status in words, what is left to pay and by when; a
// checkbox when the list lets the user pick bills to pay together.
import type { erpInvoices } from '@sportello/contract';
import { invoiceTypeName, lineCents } from '@sportello/domain';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { t } from '../i18n';
import { invoiceRoutes } from '../routes';
import { InvoiceStatus, statusOf } from './invoice-status';

interface InvoiceItemProps {
  invoice: erpInvoices.Invoice;
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
  /** Which supply the bill is for ('Gas · Casa'), when the list knows it. */
  supply?: string | null;
}

/** The document's kind in words, as its PDF names it; an unknown code reads as a bill. */
export const typeLabel = invoiceTypeName;

/** A bill number that, when its column is narrow, breaks after a slash: '2026/SGA/' + '00000002'. */
export function BillNumber({ number }: { number: string }) {
  const parts = number.split('/');
  return (
    <span className="bill-number">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </span>
  );
}

/** By when, in the words of what the customer does (ADR 052): pay, be debited, wait, or nothing. */
export function dueText(invoice: erpInvoices.Invoice): string {
  const { toPay } = invoice;
  const date = formatIsoDate(toPay.byDate ?? invoice.dueDate);
  if (invoice.cancellation)
    return t('invoices.list.cancelled_on', { date: formatIsoDate(invoice.cancellation.cancelledOn) });
  switch (toPay.way) {
    case 'direct_debit':
      return t('invoices.list.due_direct_debit', { date });
    case 'suspended':
      return t('invoices.list.due_suspended');
    case 'installments':
      return t(toPay.overdue ? 'invoices.list.next_installment_overdue' : 'invoices.list.next_installment', {
        number: toPay.installmentNumber ?? 0,
        date,
      });
    default:
      return t(toPay.overdue ? 'invoices.list.due_overdue' : 'invoices.list.due', { date });
  }
}

export function InvoiceItem({ invoice, selection, supply }: InvoiceItemProps) {
  const status = statusOf(invoice);
  const owed = invoice.outstandingCents > 0;
  return (
    <li className={`bill-item bill-item--${status}`}>
      {selection ? (
        <input
          type="checkbox"
          className="bill-item__check"
          checked={selection.checked}
          onChange={(event) => selection.onChange(event.target.checked)}
          aria-label={t('invoices.list.select', { number: invoice.number })}
        />
      ) : null}
      <div className="bill-item__main">
        <p className="bill-item__title">
          <Link
            to={invoiceRoutes.detail.to({ id: invoice.id })}
            aria-label={t('invoices.list.open', { number: invoice.number })}
          >
            {typeLabel(invoice.invoiceTypeCode)} <BillNumber number={invoice.number} />
          </Link>
        </p>
        {supply ? <p className="bill-item__line bill-item__supply">{supply}</p> : null}
        <p className="bill-item__line">
          {invoice.periodStart && invoice.periodEnd
            ? t('invoices.list.period', {
                start: formatIsoDate(invoice.periodStart),
                end: formatIsoDate(invoice.periodEnd),
              })
            : null}
        </p>
        <InvoiceStatus invoice={invoice} />
        {/* An overdue bill in instalments says both: overdue first, then how it is paid. */}
        {status === 'overdue' && invoice.paymentLevel === 'Installments' ? (
          <span className="bill-status bill-status--installments">{t('invoices.status.installments')}</span>
        ) : null}
      </div>
      <div className="bill-item__figures">
        <p className="bill-item__amount">
          {formatCents(owed ? lineCents(invoice.toPay) : invoice.amountCents)}
        </p>
        {/* A credit note is not paid by anyone: it has no due date to show. */}
        {status === 'credit' ? null : <p className="bill-item__due">{dueText(invoice)}</p>}
      </div>
    </li>
  );
}
