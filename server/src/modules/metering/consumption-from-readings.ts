// Consumption of a supply without an hourly curve (gas, district heating, electricity meters not yet
// remotely read) from its month-end readings: a month's use is the register difference between the
// reading at its end and the one at the end of the month before, the same difference a bill of those
// months is read on. Band registers (F1, F2, F3, F23) keep their band; a single register (gas VOL,
// heat ET, electricity F0) is the band 'TOT'.
import type { erpMetering } from '@sportello/contract';
import { addDays, energyCents, romeWallClock } from '@sportello/domain';

type Point = erpMetering.ConsumptionPoint;

export interface RegisterReading {
  readingDate: string;
  values: Readonly<Record<string, number>>;
}

const BAND_REGISTERS = new Set(['F1', 'F2', 'F3', 'F23']);
const bandOf = (register: string) => (BAND_REGISTERS.has(register) ? register : 'TOT');

/**
 * The offer's energy price: thousandths of a euro per unit, plus for an indexed offer the index of
 * the month and band (thousandths of a euro per thousand units: the month's PSV, or the band's average PUN).
 */
export interface ReadingsPrice {
  milliEuroPerUnit: number;
  indexOf: (month: string, band: string) => number;
}

/**
 * Points by month or year for [from, to) (Rome dates), each month counted when both its month-end
 * readings exist; a month without them is left out rather than guessed. Each month and band is priced
 * by `energyCents` as the bill prices it, and a year is the sum of its months.
 */
export function consumptionFromReadings(
  readings: readonly RegisterReading[],
  range: { from: string; to: string; granularity: 'month' | 'year' },
  price: ReadingsPrice,
): Point[] {
  const byDate = new Map(readings.map((r) => [r.readingDate, r.values]));
  const periods = new Map<
    string,
    { start: string; units: Record<string, number>; cents: Record<string, number> }
  >();
  // Each month-end date is worked out once: a month's closing reading is the next one's opening.
  let month = `${range.from.slice(0, 7)}-01`;
  let openingDate = addDays(month, -1);
  while (month < range.to) {
    const next = nextMonth(month);
    const closingDate = addDays(next, -1);
    const opening = byDate.get(openingDate);
    const closing = byDate.get(closingDate);
    if (month >= range.from && next <= range.to && opening !== undefined && closing !== undefined) {
      const period = range.granularity === 'year' ? month.slice(0, 4) : month.slice(0, 7);
      const start = range.granularity === 'year' ? `${period}-01-01` : month;
      const sum = periods.get(period) ?? { start, units: {}, cents: {} };
      for (const [register, value] of Object.entries(closing)) {
        const band = bandOf(register);
        const used = Math.max(0, value - (opening[register] ?? value));
        const index = price.indexOf(month.slice(0, 7), band);
        const cents = energyCents(
          { milliUnits: used * 1000, milliUnitsTimesIndex: used * 1000 * index },
          price.milliEuroPerUnit,
        );
        sum.units[band] = (sum.units[band] ?? 0) + used;
        sum.cents[band] = (sum.cents[band] ?? 0) + cents;
      }
      periods.set(period, sum);
    }
    month = next;
    openingDate = closingDate;
  }
  return [...periods].map(([period, { start, units, cents }]) => ({
    start: romeWallClock(start).toISOString(),
    period,
    milliUnits: Object.fromEntries(Object.entries(units).map(([band, n]) => [band, n * 1000])),
    costCents: cents,
  }));
}

function nextMonth(firstOfMonth: string): string {
  const [year = 0, month = 1] = firstOfMonth.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}
