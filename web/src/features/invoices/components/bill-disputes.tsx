// A bill's disputes (ADR 030): collection suspended while a complaint about it is open, the amounts
// for consumption older than two years (which the customer may refuse to pay, with a pre-filled
// complaint one click away), and the way to contest the bill. The figures are the bill call's.
import type { erpInvoices } from '@sportello/contract';
import { Link } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { complaintRoutes } from '../../complaints/routes';
import { t } from '../i18n';

export function BillDisputes({ bill }: { bill: erpInvoices.InvoiceBill }) {
  const supplyKey = bill.supplies[0]?.key ?? '';
  const complaintLink = (category: string) =>
    `${complaintRoutes.create.to()}?${new URLSearchParams({ categoria: category, bolletta: bill.invoice.number, fornitura: supplyKey })}`;
  return (
    <section className="bill-panel" aria-labelledby="bill-disputes">
      <h2 id="bill-disputes" className="bill-panel__title">
        {t('invoices.disputes.title')}
      </h2>
      {bill.collectionSuspended ? (
        <p className="bill-panel__notice">{t('invoices.disputes.suspended')}</p>
      ) : null}
      {bill.prescription ? (
        <>
          <p className="bill-panel__notice">
            {t('invoices.disputes.prescribed', {
              amount: formatCents(bill.prescription.amountCents),
              date: formatIsoDate(bill.prescription.before),
            })}
          </p>
          <p>
            <Link className="button button--secondary" to={complaintLink('prescription')}>
              {t('invoices.disputes.object')}
            </Link>
          </p>
        </>
      ) : null}
      <p>
        <Link to={complaintLink('billing')}>{t('invoices.disputes.contest')}</Link>
      </p>
    </section>
  );
}
