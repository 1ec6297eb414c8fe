// What the energy itself costs (the bill's "quota energia" lines, VAT excluded), one calendar month and
// band at a time. The bill and the consumption chart's € both price through `energyCents`, so the chart
// summed over a bill's months is that bill's quota energia to the cent.
import type { TariffBand } from './tariff-bands';

/** One calendar month's (or band's) use, in thousandths of a unit (Wh, or thousandths of a Smc). */
export interface PricedUsage {
  milliUnits: number;
  /**
   * Σ milliUnits × the wholesale index (thousandths of a euro per thousand units: €/MWh × 1000 for the
   * PUN); 0 for a price of its own. Kept as a sum so an hourly offer prices each hour at its own PUN.
   */
  milliUnitsTimesIndex: number;
}

/**
 * The cents of a month's (or band's) energy: the index part plus the offer's unit price (or spread over
 * the index), in thousandths of a euro per unit, rounded once to the cent, half up. In whole numbers of
 * 10⁻⁷ cents (Wh × milli€/MWh), so no binary fraction moves a half cent.
 */
export function energyCents(usage: PricedUsage, milliEuroPerUnit: number): number {
  return Math.round((usage.milliUnitsTimesIndex + usage.milliUnits * milliEuroPerUnit * 1000) / 10_000_000);
}

/**
 * The PSV is quoted in €/MWh and gas is billed by the standard cubic metre: ARERA's conventional gross
 * calorific value, 0,03852 GJ/Smc, is 10,7 MWh per thousand Smc.
 */
export const GAS_MWH_PER_THOUSAND_SMC = 10.7;

/** The month's PSV (thousandths of a euro per MWh) as thousandths of a euro per thousand Smc. */
export function psvPerThousandSmc(psvMilliEuroPerMwh: number): number {
  return Math.round(psvMilliEuroPerMwh * GAS_MWH_PER_THOUSAND_SMC);
}

export type PunAverageBand = TariffBand | 'F23' | 'TOT';

/**
 * The month's average PUN of each band (and of F2+F3 and of every hour), thousandths of a euro per MWh
 * rounded to a whole: what an hourly offer's energy is priced at where the meter gives only monthly
 * registers by band (ARERA's rule for meters not read hour by hour).
 */
export function averagePunByBand(
  hours: readonly { band: TariffBand; price: number }[],
): Partial<Record<PunAverageBand, number>> {
  const sums = new Map<PunAverageBand, { total: number; count: number }>();
  for (const { band, price } of hours) {
    for (const key of [band, band === 'F1' ? null : 'F23', 'TOT'] as const) {
      if (key === null) continue;
      const sum = sums.get(key) ?? { total: 0, count: 0 };
      sum.total += price;
      sum.count++;
      sums.set(key, sum);
    }
  }
  return Object.fromEntries([...sums].map(([key, s]) => [key, Math.round(s.total / s.count)]));
}
