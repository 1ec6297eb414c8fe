// Reference prices (SPEC §9): the hourly PUN of a range with each day's minimum, maximum and average,
// and each month's average by tariff band.
import { erpMetering } from '@sportello/contract';
import { addDays, hourInRome, tariffBand } from '@sportello/domain';
import type * as z from 'zod/mini';
import type { ConsumptionRepository } from './consumption-repository.js';
import { checkRange } from './date-range.js';

type QuotationQuery = z.output<typeof erpMetering.listQuotations.query>;
type QuotationAnswer = z.output<typeof erpMetering.listQuotations.response>;

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const firstOfNextMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const average = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

export function createPrices(repository: ConsumptionRepository) {
  return {
    async quotations(query: QuotationQuery): Promise<QuotationAnswer> {
      checkRange(query.startDate, query.endDate, erpMetering.QUOTATION_MAX_DAYS);
      // Whole months, so the band averages cover each month the range touches.
      const all = (
        await repository.punPrices(
          firstOfMonth(query.startDate),
          firstOfNextMonth(addDays(query.endDate, -1)),
        )
      ).map((p) => ({ start: p.start, price: p.price, ...hourInRome(p.start) }));
      const prices = all.filter((p) => p.date >= query.startDate && p.date < query.endDate);
      const byDay = new Map<string, number[]>();
      for (const p of prices) byDay.set(p.date, [...(byDay.get(p.date) ?? []), p.price]);
      const byMonth = new Map<string, Record<'F1' | 'F2' | 'F3', number[]>>();
      for (const p of all) {
        const month = p.date.slice(0, 7);
        const bands = byMonth.get(month) ?? { F1: [], F2: [], F3: [] };
        bands[tariffBand(p)].push(p.price);
        byMonth.set(month, bands);
      }
      return {
        quotationType: 'PUN',
        detailLevel: 'Hour',
        prices: prices.map((p) => ({
          start: p.start.toISOString(),
          date: p.date,
          hour: p.hour,
          minutes: 60,
          milliEuroPerMwh: p.price,
        })),
        days: [...byDay].map(([date, xs]) => ({
          date,
          min: Math.min(...xs),
          max: Math.max(...xs),
          average: average(xs) ?? 0,
          hours: xs.length,
        })),
        months: [...byMonth].map(([month, b]) => ({
          month,
          F1: average(b.F1),
          F2: average(b.F2),
          F3: average(b.F3),
        })),
      };
    },
  };
}
