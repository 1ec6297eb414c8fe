// A supply's energy of each calendar month and band of a bill, priced at its offer's energy price
// through the domain's `energyCents`, as the consumption chart's € prices the same months: a fixed
// price per unit; an indexed one at the month's PSV (gas) or the PUN (electricity: hour by hour where
// the smart meter's curve covers the month, else the month's average PUN of each register's band)
// plus the spread.
import { energyCents, psvPerThousandSmc, type PricedUsage, type PunAverageBand } from '@sportello/domain';
import type { OfferPriceRow } from '@sportello/db/schema';
import type { Commodity } from '../companies/companies.js';
import { addMonths, monthStart } from '../engine/dates.js';
import { curveUsageByBand, monthPunAverages, psvOfMonth } from '../consumption/consumption.js';
import { registerUsage, type MeterRegisters } from '../consumption/readings.js';
import type { UsageProfile } from '../consumption/usage.js';

export interface PricedSupply {
  key: string;
  commodity: Commodity;
  annual: number;
  profile: UsageProfile;
  registers?: MeterRegisters;
  /** The first day of the smart meter's hourly curve, or null when the supply has none. */
  curveFrom: string | null;
}

export interface EnergyMonth {
  /** 'YYYY-MM'. */
  month: string;
  /** The band the chart shows the month's use in: F1, F2, F3, F23, or TOT for a single register. */
  band: string;
  units: number;
  cents: number;
  /** The month's index in euro per unit (the PSV per Smc), for the line to print. */
  indexEuro?: number;
}

/** The band each meter register counts: F0 reads every hour, so the month's whole average. */
const REGISTER_BANDS: Record<MeterRegisters, readonly PunAverageBand[]> = {
  tri: ['F1', 'F2', 'F3'],
  bi: ['F1', 'F23'],
  mono: ['TOT'],
};

const perUnit = (units: number, index = 0): PricedUsage => ({
  milliUnits: units * 1000,
  milliUnitsTimesIndex: units * 1000 * index,
});

/**
 * The months of [start, end] (whole calendar months: supplies start on a 1st and contracts end on a
 * month's last day), band by band as the consumption chart shows them: the curve's bands where the
 * smart meter's curve covers the month whole (F2 and F3 as F23 on a bi-hourly meter), else the meter's
 * registers. Each band's energy is priced and rounded on its own, as each chart point is.
 */
export function energyMonths(
  seed: number,
  supply: PricedSupply,
  price: OfferPriceRow,
  period: { start: string; end: string },
): EnergyMonth[] {
  const lines: EnergyMonth[] = [];
  for (let first = monthStart(period.start); first <= period.end; first = addMonths(first, 1)) {
    const month = first.slice(0, 7);
    if (supply.commodity === 'gas' && price.hourly) {
      const [units = 0] = registerUsage(seed, supply, month);
      const index = psvPerThousandSmc(psvOfMonth(seed, month));
      const cents = energyCents(perUnit(units, index), price.milliEuro);
      lines.push({ month, band: 'TOT', units, cents, indexEuro: index / 1_000_000 });
      continue;
    }
    for (const [band, usage] of bandUsage(seed, supply, first, price.hourly)) {
      const units = usage.milliUnits / 1000;
      lines.push({ month, band, units, cents: energyCents(usage, price.milliEuro) });
    }
  }
  return lines;
}

/** A month's use by band, with Σ use × PUN where the price is a spread over the PUN. */
function bandUsage(
  seed: number,
  supply: PricedSupply,
  first: string,
  hourly: boolean,
): [string, PricedUsage][] {
  if (supply.curveFrom !== null && supply.curveFrom <= first) {
    const curve = curveUsageByBand(seed, supply, first);
    const bands: [string, PricedUsage][] = (['F1', 'F2', 'F3'] as const).map((band) => [
      band,
      {
        milliUnits: curve[band]?.milliUnits ?? 0,
        milliUnitsTimesIndex: hourly ? (curve[band]?.milliUnitsTimesIndex ?? 0) : 0,
      },
    ]);
    if (supply.registers !== 'bi') return bands;
    const [f1, f2, f3] = bands.map(([, usage]) => usage);
    return [
      ['F1', f1 ?? perUnit(0)],
      [
        'F23',
        {
          milliUnits: (f2?.milliUnits ?? 0) + (f3?.milliUnits ?? 0),
          milliUnitsTimesIndex: (f2?.milliUnitsTimesIndex ?? 0) + (f3?.milliUnitsTimesIndex ?? 0),
        },
      ],
    ];
  }
  const registers = registerUsage(seed, supply, first.slice(0, 7));
  const bands = supply.commodity === 'electricity' ? REGISTER_BANDS[supply.registers ?? 'tri'] : ['TOT'];
  const averages = hourly ? monthPunAverages(seed, first) : {};
  return registers.map((units, i) => {
    const band = bands[i] ?? 'TOT';
    return [band, perUnit(units, averages[band as PunAverageBand] ?? 0)];
  });
}
