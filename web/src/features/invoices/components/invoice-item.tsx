// One bill in a list: number and type, status in words, what is left to pay and by when; a
// checkbox when the list lets the user pick bills to pay together.
import type { erpInvoices } from '@sportello/contract';
import { lineCents } from '@sportello/domain';
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

const TYPE_CODES = ['1', '2', '4', '5', '8', '9', '31'] as const;
type TypeCode = (typeof TYPE_CODES)[number];
const isTypeCode = (code: string): code is TypeCode => (TYPE_CODES as readonly string[]).includes(code);

/** The document's kind in words; an unknown code reads as a bill. */
export const typeLabel = (code: number) => {
  const key = String(code);
  return t(`invoices.type.${isTypeCode(key) ? key : '1'}`);
};

/** By when, in the words of what the customer does (ADR 052): pay, be debited, wait, or nothing. */
export function dueText(invoice: erpInvoices.Invoice): string {
  const { toPay } = invoice;
  const date = formatIsoDate(toPay.byDate ?? invoice.dueDate);
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
            {typeLabel(invoice.invoiceTypeCode)} {invoice.number}
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
