// An open insolvency, on the dashboard and the bills page: the amount and since when, the legal
// steps an Italian supplier takes (costituzione in mora, then the risk of suspension), and the
// overdue bills of the contracts it concerns, payable together. Asked only where the brand enables
// panoram (SPEC §6); a failed lookup shows nothing and leaves the page as it is. It suspends into
// the page's boundary, so it does not push the page down when it arrives.
import { isPayableAsBill } from '@sportello/domain';
import { useSuspenseQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCents, formatIsoDate } from '../format/format';
import { t } from '../i18n';
import { useAppStore } from '../state/app-store';
import { SectionErrorBoundary } from '../ui/section-error-boundary';
import { PayButton } from './pay-button';
import { insolvenciesQuery, outstandingInvoicesQuery } from './queries';
import './insolvency-notice.css';

interface InsolvencyNoticeProps {
  customerId: string;
  /** Where one of the bills opens (the bills feature's route). */
  billPath: (id: string) => string;
  className?: string;
}

function Insolvency({ customerId, billPath, className }: InsolvencyNoticeProps) {
  // Asked together: two suspense reads one after the other would wait for each other.
  const [{ data: debts }, { data: owed }] = useSuspenseQueries({
    queries: [insolvenciesQuery(customerId), outstandingInvoicesQuery(customerId)],
  });
  if (debts.insolvencies.length === 0) return null;
  const since = debts.insolvencies.map((i) => i.sinceDate).sort()[0]!;
  const contracts = new Set(debts.insolvencies.map((i) => i.contractId));
  // The overdue bills that make the debt up: those of its contracts (every one when it names none).
  const bills = owed.invoices.filter(
    (i) => i.overdue && (contracts.has(null) || contracts.has(i.contract.id)),
  );
  const payable = bills.filter(isPayableAsBill);
  return (
    <section className={`insolvency ${className ?? ''}`} aria-labelledby="insolvency-heading">
      <h2 id="insolvency-heading" className="insolvency__title">
        {t('insolvency.heading')}
      </h2>
      <p className="insolvency__amount">
        {t('insolvency.text', { amount: formatCents(debts.totalCents), date: formatIsoDate(since) })}
      </p>
      <p>{t('insolvency.risk')}</p>
      {bills.length > 0 ? (
        <>
          <p>{t('insolvency.bills')}</p>
          <ul className="plain-list">
            {bills.map((bill) => (
              <li key={bill.id}>
                <Link to={billPath(bill.id)}>{t('insolvency.bill', { number: bill.number })}</Link>{' '}
                {formatCents(bill.outstandingCents)}
              </li>
            ))}
          </ul>
          <PayButton payKind="Invoices" ids={payable.map((i) => i.id)}>
            {t('insolvency.pay', {
              amount: formatCents(payable.reduce((sum, i) => sum + i.toPay.yoursCents, 0)),
            })}
          </PayButton>
        </>
      ) : null}
      <p className="insolvency__muted">{t('insolvency.paid_already')}</p>
    </section>
  );
}

export function InsolvencyNotice(props: InsolvencyNoticeProps) {
  const enabled = useAppStore((state) => state.modules?.includes('panoram') ?? false);
  if (!enabled) return null;
  return (
    <SectionErrorBoundary fallback={null}>
      <Insolvency {...props} />
    </SectionErrorBoundary>
  );
}
