// A supply's use month by month, from the figures its consumption chart shows: a price-change
// notice's estimate (ADR 035) and a proposal's yearly cost count the same months the same way.
import { estimateMonths } from '@sportello/domain';
import type { MeteringService } from './service.js';

/** The unit a supply's use is counted in. */
export const useUnitOf = (commodity: string): 'kWh' | 'Smc' => (commodity === 'gas' ? 'Smc' : 'kWh');

/**
 * The use of the months an estimate made on `today` counts, from the supply's monthly figures (the
 * consumption chart's): a price-change notice and a proposal's yearly cost count the same months.
 */
export async function monthlyUse(
  metering: Pick<MeteringService, 'consumptions'>,
  supplyKey: string,
  today: string,
  now: Date,
) {
  const { from, to } = estimateMonths(today);
  const answer = await metering.consumptions({ supplyKey, from, to, granularity: 'month' }, now);
  // The chart may answer a month either side of the window; only the window's months count.
  return answer.points
    .filter((point) => point.period >= from.slice(0, 7) && point.period < to.slice(0, 7))
    .map((point) => {
      const milliUnits = Object.values(point.milliUnits).reduce((sum, n) => sum + n, 0);
      return { month: point.period, quantity: milliUnits / 1000, milliUnits };
    });
}
