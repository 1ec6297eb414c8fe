// How much energy a supply uses in a month: one model shared by readings and invoices, so a
// bill's quantity and the meter readings of the same months agree.
import type { Commodity } from '../companies/companies.js';
import { Rng } from '../engine/prng.js';

export type UsageProfile = 'domestic' | 'business' | 'condominium';

// Relative monthly weights, January first. Gas and heat follow the heating season (Italian
// heating is switched off from mid-April to mid-October); electricity peaks with summer cooling.
const SEASON: Record<Commodity, readonly number[]> = {
  electricity: [1.1, 1.0, 0.95, 0.85, 0.85, 0.95, 1.2, 1.15, 0.95, 0.9, 1.0, 1.1],
  gas: [2.0, 1.8, 1.3, 0.7, 0.35, 0.25, 0.2, 0.2, 0.3, 0.8, 1.4, 1.9],
  heat: [2.2, 1.9, 1.4, 0.6, 0.12, 0.06, 0.05, 0.05, 0.1, 0.7, 1.6, 2.1],
};

const SEASON_SUM = Object.fromEntries(
  Object.entries(SEASON).map(([k, w]) => [k, w.reduce((a, b) => a + b, 0)]),
) as Record<Commodity, number>;

/** Share of electricity by band F1, F2, F3: homes use evenings and weekends, firms office hours. */
export const BAND_SHARES: Record<UsageProfile, readonly [number, number, number]> = {
  domestic: [0.33, 0.31, 0.36],
  business: [0.56, 0.26, 0.18],
  condominium: [0.4, 0.3, 0.3],
};

export function seasonalWeight(commodity: Commodity, month: number): number {
  return (SEASON[commodity][month - 1] ?? 1) / SEASON_SUM[commodity];
}

export interface UsageSubject {
  key: string;
  commodity: Commodity;
  /** kWh for electricity and heat, Smc for gas. */
  annual: number;
}

/** Whole units used in the calendar month of `yearMonth` ('YYYY-MM'), ±12 % around the season. */
export function monthlyUsage(seed: number, supply: UsageSubject, yearMonth: string): number {
  const noise = Rng.of(seed, 'usage', supply.key, yearMonth).between(0.88, 1.12);
  return Math.max(
    1,
    Math.round(supply.annual * seasonalWeight(supply.commodity, Number(yearMonth.slice(5, 7))) * noise),
  );
}

/**
 * The month's use split by band F1, F2, F3 (homes and firms differ), in whole units that add up to
 * `monthlyUsage` exactly: F3 takes the rounding. Meter registers, hourly curves and bills all read
 * this one split, so a bill's bands add up to its quantity and the chart's bands match the readings.
 */
export function monthlyBandUsage(
  seed: number,
  supply: UsageSubject & { profile: UsageProfile },
  yearMonth: string,
): readonly [number, number, number] {
  const used = monthlyUsage(seed, supply, yearMonth);
  const [f1, f2] = BAND_SHARES[supply.profile];
  const first = Math.round(used * f1);
  const second = Math.round(used * f2);
  return [first, second, used - first - second];
}
