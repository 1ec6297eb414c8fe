// "Cambiano i prezzi della tua offerta" (ADR 035): a card while a change of an offer's prices is
// coming, one line per supply with the day, the customer's own yearly estimate and the last day to
// switch without penalty, and a link to the supply page that says what changes. Nothing otherwise.
import { formatYearlyEffect } from '@sportello/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatIsoDate } from '../../../shared/format/format';
import { supplyNameWithPoint } from '../../../shared/format/supply-label';
import { SectionErrorBoundary } from '../../../shared/ui/section-error-boundary';
import { supplyRoutes } from '../../supplies/routes';
import { pendingPriceChanges } from '../api/queries';
import { t } from '../i18n';
import { DashboardSection } from './dashboard-section';

function PriceChanges({ customerKey }: { customerKey: string }) {
  const { data } = useSuspenseQuery(pendingPriceChanges(customerKey));
  if (data.priceChanges.length === 0) return null;
  return (
    <DashboardSection heading={t('dashboard.price_change.heading')} className="card--wide">
      <ul className="price-change-list">
        {data.priceChanges.map((change) => {
          const values = {
            supply: supplyNameWithPoint(change.supply),
            commodity: t(`dashboard.supplies.commodity.${change.supply.commodity}`),
            date: formatIsoDate(change.effectiveOn),
            until: formatIsoDate(change.penaltyFreeUntil),
          };
          return (
            <li key={change.id}>
              <p>
                {change.estimate
                  ? t('dashboard.price_change.text', {
                      ...values,
                      amount: formatYearlyEffect(change.estimate.yearlyEffectCents),
                    })
                  : t('dashboard.price_change.text_no_estimate', values)}
              </p>
              <Link
                className="button button--secondary"
                to={supplyRoutes.detail.to({ id: change.supply.id })}
              >
                {t('dashboard.price_change.details')}
              </Link>
            </li>
          );
        })}
      </ul>
    </DashboardSection>
  );
}

export function PriceChangeSection({ customerKey }: { customerKey: string }) {
  // A failure here is no reason to hide the rest of the dashboard: the card just stays away.
  return (
    <SectionErrorBoundary fallback={null}>
      <PriceChanges customerKey={customerKey} />
    </SectionErrorBoundary>
  );
}
