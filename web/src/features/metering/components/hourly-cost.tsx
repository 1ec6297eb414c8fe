// For the customer's hourly-price supplies (SPEC §4), what last month's consumption cost at the
// hourly PUN plus the offer's spread, from the consumption call's own pricing.
import { useQueries, useQuery } from '@tanstack/react-query';
import { addDays, todayInRome } from '@sportello/domain';
import { customerSuppliesQuery } from '../../../shared/api/supplies-query';
import { formatCents, formatNumber } from '../../../shared/format/format';
import { supplyName } from '../../../shared/format/supply-label';
import { consumptionsQuery } from '../api/queries';
import { t } from '../i18n';
import { periodLabel } from './series';

export function HourlyCost({ customerKey }: { customerKey: string }) {
  const today = todayInRome(new Date());
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = `${addDays(thisMonth, -1).slice(0, 7)}-01`;
  const supplies = useQuery(customerSuppliesQuery(customerKey, { activeOnly: true }));
  const electricity = (supplies.data?.supplies ?? []).filter((s) => s.commodity === 'electricity');
  const costs = useQueries({
    queries: electricity.map((s) =>
      consumptionsQuery({ supplyKey: s.id, from: lastMonth, to: thisMonth, granularity: 'month' }),
    ),
  });
  const hourly = electricity
    .map((supply, i) => ({ supply, data: costs[i]?.data }))
    .filter((x) => x.data?.hourlyPrice);
  if (hourly.length === 0) return null;
  const month = periodLabel(lastMonth.slice(0, 7));
  return (
    <section className="pun-section" aria-labelledby="pun-cost-title">
      <h2 id="pun-cost-title">{t('metering.pun.your_cost_title')}</h2>
      <ul>
        {hourly.map(({ supply, data }) => {
          const point = data?.points[0];
          const sum = (r: Record<string, number> | undefined) =>
            Object.values(r ?? {}).reduce((a, b) => a + b, 0);
          return (
            <li key={supply.id}>
              {point
                ? t('metering.pun.your_cost', {
                    supply: supplyName(supply),
                    quantity: formatNumber(Math.round(sum(point.milliUnits) / 1000)),
                    month,
                    cost: formatCents(sum(point.costCents)),
                  })
                : t('metering.pun.your_cost_none', { supply: supplyName(supply), month })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
