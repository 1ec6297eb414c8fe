// An open insolvency (SPEC §6: asked only where the brand enables panoram): the amount and since
// when, the legal steps an Italian supplier takes (costituzione in mora, then the risk of
// suspension), and the overdue bills of the supply it concerns, payable together.
import { isPayableAsBill } from '@sportello/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { PayButton } from '../../../shared/payments/pay-button';
import { SectionErrorBoundary } from '../../../shared/ui/section-error-boundary';
import { invoiceRoutes } from '../../invoices/routes';
import { t } from '../i18n';
import { insolvencies, outstandingInvoices } from '../api/queries';

function Insolvency({ customerId }: { customerId: string }) {
  const [{ data: debts }, { data: owed }] = [
    useSuspenseQuery(insolvencies(customerId)),
    useSuspenseQuery(outstandingInvoices(customerId)),
  ];
  if (debts.insolvencies.length === 0) return null;
  const since = debts.insolvencies.map((i) => i.sinceDate).sort()[0]!;
  const contracts = new Set(debts.insolvencies.map((i) => i.contractId));
  // The overdue bills that make the debt up: those of its contracts (every one when it names none).
  const bills = owed.invoices.filter(
    (i) => i.overdue && (contracts.has(null) || contracts.has(i.contract.id)),
  );
  const payable = bills.filter(isPayableAsBill);
  return (
    <section className="card card--alert" aria-labelledby="insolvency-heading">
      <h2 id="insolvency-heading" className="card__title">
        {t('dashboard.insolvency.heading')}
      </h2>
      <p className="card__highlight">
        {t('dashboard.insolvency.text', {
          amount: formatCents(debts.totalCents),
          date: formatIsoDate(since),
        })}
      </p>
      <p>{t('dashboard.insolvency.risk')}</p>
      {bills.length > 0 ? (
        <>
          <p>{t('dashboard.insolvency.bills')}</p>
          <ul className="plain-list">
            {bills.map((bill) => (
              <li key={bill.id}>
                <Link to={invoiceRoutes.detail.to({ id: bill.id })}>
                  {t('dashboard.invoices.item', { number: bill.number })}
                </Link>{' '}
                {formatCents(bill.outstandingCents)}
              </li>
            ))}
          </ul>
          <PayButton payKind="Invoices" ids={payable.map((i) => i.id)}>
            {t('dashboard.insolvency.pay', {
              amount: formatCents(payable.reduce((sum, i) => sum + i.outstandingCents, 0)),
            })}
          </PayButton>
        </>
      ) : null}
      <p className="card__muted">{t('dashboard.insolvency.paid_already')}</p>
    </section>
  );
}

export function InsolvencySection({ customerId }: { customerId: string }) {
  // A failed lookup leaves the rest of the dashboard as it is.
  return (
    <SectionErrorBoundary fallback={null}>
      <Insolvency customerId={customerId} />
    </SectionErrorBoundary>
  );
}
