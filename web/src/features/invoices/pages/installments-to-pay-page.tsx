// /invoice/{id}/installments-to-pay: the bill's installments still to pay, overdue ones flagged,
// several paid at once through the gateway, oldest first: an installment can be chosen only with
// every earlier one (the server refuses the rest, ADR 025).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { installmentsQuery, invoiceQuery } from '../api/queries';
import { InstallmentStatus, installmentStateOf } from '../components/invoice-status';
import { PayButton } from '../../../shared/payments/pay-button';
import { QueryState } from '../components/query-state';
import { SubPageHead } from '../components/sub-page-head';
import { t } from '../i18n';
import '../invoices.css';

export default function InstallmentsToPayPage() {
  const { id = '' } = useParams();
  const invoice = useQuery(invoiceQuery(id));
  const installments = useQuery(installmentsQuery(id));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toPay = installments.data?.installments.filter((i) => i.toBePaid) ?? [];
  const chosen = toPay.filter((i) => selected.has(i.id));
  // The oldest unpaid first: a box opens once every earlier one is ticked, and unticking one
  // unticks the later ones.
  const choose = (number: number, checked: boolean) =>
    setSelected(
      new Set(
        toPay
          .filter((i) =>
            checked ? selected.has(i.id) || i.number === number : selected.has(i.id) && i.number < number,
          )
          .map((i) => i.id),
      ),
    );
  const blockedBy = (number: number) => toPay.find((i) => i.number < number && !selected.has(i.id));
  return (
    <div className="page">
      <SubPageHead
        id={id}
        title={
          invoice.data
            ? t('invoices.installments.to_pay_heading', { number: invoice.data.number })
            : t('invoices.titles.installments_to_pay')
        }
      />
      <QueryState status={installments.status} />
      {installments.data && toPay.length === 0 ? <p>{t('invoices.installments.to_pay_none')}</p> : null}
      {toPay.length > 0 ? (
        <section className="bill-panel">
          <ul className="bill-list">
            {toPay.map((i) => (
              <li
                key={i.id}
                className={`bill-item${installmentStateOf(i) === 'overdue' ? ' bill-item--overdue' : ''}`}
              >
                <input
                  type="checkbox"
                  className="bill-item__check"
                  checked={selected.has(i.id)}
                  disabled={blockedBy(i.number) !== undefined}
                  aria-describedby={blockedBy(i.number) ? `after-${i.id}` : undefined}
                  aria-label={t('invoices.installments.select', { number: i.number })}
                  onChange={(e) => choose(i.number, e.target.checked)}
                />
                <div className="bill-item__main">
                  <p className="bill-item__title">
                    {t('invoices.detail.installment', {
                      number: i.number,
                      amount: formatCents(i.amountCents),
                      date: formatIsoDate(i.dueDate),
                    })}
                  </p>
                  <InstallmentStatus installment={i} />
                  {blockedBy(i.number) ? (
                    <p id={`after-${i.id}`} className="muted">
                      {t('invoices.installments.after', { number: blockedBy(i.number)!.number })}
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <div className="bill-pay">
            <p className="bill-pay__summary" aria-live="polite">
              {formatCents(chosen.reduce((sum, i) => sum + i.amountCents, 0))}
            </p>
            <PayButton payKind="Installments" ids={chosen.map((i) => i.id)} returnInvoiceId={id}>
              {t('invoices.installments.pay_selected')}
            </PayButton>
          </div>
        </section>
      ) : null}
    </div>
  );
}
