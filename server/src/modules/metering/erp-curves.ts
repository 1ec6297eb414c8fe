// Consumption curves and market prices as the ERP sends them (the integration module's import,
// ADR 040), a Rome calendar day at a time, written in its transaction. Curves land in the hourly
// `consumptions` the charts read (quarters summed into their hour; the database's triggers keep the
// daily rollup of ADR 019); prices in `quotations`, the hourly PUN under the type the charts' € and
// hourly offers already read ('PUN'), every other list under `<market>` or `<market>_PT15M`.
import { addDays, hourInRome, romeWallClock, tariffBand } from '@sportello/domain';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { consumptions, quotations } from '@sportello/db/schema';

export type Resolution = 'PT60M' | 'PT15M';
const MINUTES: Record<Resolution, number> = { PT60M: 60, PT15M: 15 };

/** The starts of a Rome day's intervals: 24 hours (23 or 25 when clocks change), or 4 times as many quarters. */
export function dayIntervals(day: string, resolution: Resolution): Date[] {
  const start = romeWallClock(day, 0).getTime();
  const end = romeWallClock(addDays(day, 1), 0).getTime();
  const step = MINUTES[resolution] * 60_000;
  const starts: Date[] = [];
  for (let t = start; t < end; t += step) starts.push(new Date(t));
  return starts;
}

/** Replaces the supply's hours of the day with the curve's; quarters add up to their hour. */
export async function saveCurveFromErp(
  tx: Db,
  curve: { supplyId: number; day: string; resolution: Resolution; quantities: readonly number[] },
) {
  const starts = dayIntervals(curve.day, curve.resolution);
  const hours = new Map<number, number>();
  starts.forEach((start, i) => {
    const hour = start.getTime() - (start.getTime() % 3_600_000);
    hours.set(hour, (hours.get(hour) ?? 0) + curve.quantities[i]!);
  });
  const from = starts[0]!;
  const to = romeWallClock(addDays(curve.day, 1), 0);
  await tx
    .delete(consumptions)
    .where(
      and(
        eq(consumptions.supplyId, curve.supplyId),
        gte(consumptions.intervalStart, from),
        lt(consumptions.intervalStart, to),
      ),
    );
  await tx.insert(consumptions).values(
    [...hours].map(([hour, quantity]) => {
      const intervalStart = new Date(hour);
      return {
        supplyId: curve.supplyId,
        intervalStart,
        quantity,
        band: tariffBand(hourInRome(intervalStart)),
      };
    }),
  );
}

/** The quotation type a market's list is kept under: the hourly PUN is the charts' own 'PUN'. */
export const quotationTypeOf = (market: string, resolution: Resolution) =>
  resolution === 'PT60M' ? market : `${market}_PT15M`;

/** Writes (or rewrites) a market's prices of the day. */
export async function savePricesFromErp(
  tx: Db,
  list: { market: string; day: string; resolution: Resolution; prices: readonly number[] },
) {
  const quotationType = quotationTypeOf(list.market, list.resolution);
  const starts = dayIntervals(list.day, list.resolution);
  for (const [i, intervalStart] of starts.entries()) {
    await tx
      .insert(quotations)
      .values({ quotationType, intervalStart, priceMilliEuroPerMwh: list.prices[i]! })
      .onConflictDoUpdate({
        target: [quotations.quotationType, quotations.intervalStart],
        set: { priceMilliEuroPerMwh: list.prices[i]! },
      });
  }
}
