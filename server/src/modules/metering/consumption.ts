// Consumption of a supply by hour, day, month or year and tariff band (SPEC §9, ADR 019): from the
// smart meter's hourly curve where it has one, else from the month-end readings. Its € is the bill's
// quota energia (ADR 059): the offer's price, or its spread over the PUN (hour by hour on a curve, the
// month's band average on readings) or over the month's PSV, priced by the domain's `energyCents`.
import { erpMetering } from '@sportello/contract';
import {
  addDays,
  averagePunByBand,
  hourInRome,
  isHourlyPriceSupply,
  psvPerThousandSmc,
  tariffBand,
  todayInRome,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import type { ConsumptionRepository } from './consumption-repository.js';
import { consumptionFromReadings, type ReadingsPrice } from './consumption-from-readings.js';
import { checkRange } from './date-range.js';
import type { Commodity, FindSupply } from './supply-lookup.js';
import type { ReadingsRepository } from './readings-repository.js';

type ConsumptionQuery = z.output<typeof erpMetering.getConsumptions.query>;
type ConsumptionAnswer = z.output<typeof erpMetering.getConsumptions.response>;

/** The bands a chart shows: the meter's band registers (or the curve's three bands), else one total. */
function chartBands(registers: ReadonlySet<string>, curve: boolean): erpMetering.ChartBand[] {
  if (registers.has('F23')) return ['F1', 'F23'];
  if (curve || registers.has('F1')) return ['F1', 'F2', 'F3'];
  return ['TOT'];
}

/** The first of the month, or of the next month when `date` is not a 1st: the first month a curve covers whole. */
function firstFullMonth(date: string): string {
  const first = `${date.slice(0, 7)}-01`;
  return date === first ? first : `${addDays(first, 31).slice(0, 8)}01`;
}

const unitOf = (commodity: Commodity) => (commodity === 'gas' ? 'Smc' : 'kWh');

/**
 * How the months read from the meter are priced: at the offer's price, or its spread over the
 * month's PSV (gas) or the month's average PUN of the register's band (electricity).
 */
async function readingsPrice(
  repository: ConsumptionRepository,
  commodity: Commodity,
  energy: { milliEuro: number; hourly: boolean } | undefined,
  range: { from: string; to: string },
): Promise<ReadingsPrice> {
  const milliEuroPerUnit = energy?.milliEuro ?? 0;
  if (!energy?.hourly) return { milliEuroPerUnit, indexOf: () => 0 };
  // Whole months: a month read from the meter is counted only whole.
  const from = `${range.from.slice(0, 7)}-01`;
  if (commodity === 'gas') {
    const psv = await repository.psvByMonth(from, range.to);
    return { milliEuroPerUnit, indexOf: (month) => psvPerThousandSmc(psv.get(month) ?? 0) };
  }
  const byMonth = new Map<string, { band: ReturnType<typeof tariffBand>; price: number }[]>();
  for (const { start, price } of await repository.punPrices(from, range.to)) {
    const hour = hourInRome(start);
    const month = hour.date.slice(0, 7);
    const hours = byMonth.get(month) ?? [];
    hours.push({ band: tariffBand(hour), price });
    byMonth.set(month, hours);
  }
  const averages = new Map([...byMonth].map(([month, hours]) => [month, averagePunByBand(hours)]));
  return {
    milliEuroPerUnit,
    indexOf: (month, band) => averages.get(month)?.[band as keyof ReturnType<typeof averagePunByBand>] ?? 0,
  };
}

export function createConsumption(deps: {
  consumption: ConsumptionRepository;
  readings: ReadingsRepository;
  findSupply: FindSupply;
}) {
  const { findSupply } = deps;
  return {
    async consumptions(query: ConsumptionQuery, now: Date): Promise<ConsumptionAnswer> {
      const found = await findSupply(query.supplyKey);
      checkRange(query.from, query.to, erpMetering.CONSUMPTION_MAX_DAYS[query.granularity]);
      const measures = found.meter?.measures ?? [];
      const biHourly = measures.some((m) => m.ChannelTypeCode === 'F23');
      const unit = unitOf(found.supply.commodity as Commodity);
      const energy = found.offer?.prices.find((p) => p.unit === unit);
      // Months before the smart meter's hourly curve starts (its full-capacity date; all months for
      // gas, heat and meters never remotely read) come from the month-end readings, as their bills do.
      const curveStartDate =
        found.supply.commodity === 'electricity' ? found.meter?.fullCapacityStartDate : null;
      const curve = Boolean(curveStartDate);
      const curveFrom = curveStartDate ? firstFullMonth(curveStartDate) : query.to;
      const granularity = query.granularity;
      const monthly = granularity === 'month' || granularity === 'year';
      const readingsTo = query.to < curveFrom ? query.to : curveFrom;
      const fromReadings =
        (granularity === 'month' || granularity === 'year') && query.from < curveFrom
          ? consumptionFromReadings(
              await deps.readings.registersSince(found.supply.id, addDays(query.from, -1)),
              { from: query.from, to: readingsTo, granularity },
              await readingsPrice(deps.consumption, found.supply.commodity as Commodity, energy, {
                from: query.from,
                to: readingsTo,
              }),
            )
          : [];
      const curveStart = monthly && query.from < curveFrom ? curveFrom : query.from;
      const fromCurve =
        curve && curveStart < query.to
          ? await deps.consumption.consumptionBy({
              supplyId: found.supply.id,
              from: curveStart,
              to: query.to,
              granularity: query.granularity,
              biHourly,
              price: { hourly: energy?.hourly ?? false, milliEuroPerUnit: energy?.milliEuro ?? 0 },
            })
          : [];
      const points = [...fromReadings, ...fromCurve];
      const registers = new Set(measures.map((m) => m.ChannelTypeCode));
      return {
        supplyKey: found.supply.key,
        commodity: found.supply.commodity as Commodity,
        unit,
        bands: chartBands(registers, curve),
        granularity: query.granularity,
        granularities: curve ? [...erpMetering.GRANULARITIES] : ['year', 'month'],
        from: query.from,
        to: query.to,
        hourlyPrice: found.offer ? isHourlyPriceSupply(found.offer, found.meter, todayInRome(now)) : false,
        points,
      };
    },
  };
}
