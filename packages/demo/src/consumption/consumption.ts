// Hourly electricity consumption of smart-metered supplies and the hourly PUN price, both on one
// calendar of Europe/Rome hours whose tariff band (F1–F3) comes from @sportello/domain; the monthly
// PSV of gas; and the sums a bill prices an indexed offer's energy on.
import type { InferInsertModel } from 'drizzle-orm';
import {
  averagePunByBand,
  hourInRome,
  tariffBand,
  type PricedUsage,
  type TariffBand,
} from '@sportello/domain';
import { consumptions, quotations } from '@sportello/db/schema';
import type { RowBuffer } from '../engine/bulk.js';
import { addMonths, dayOfWeek, romeInstant } from '../engine/dates.js';
import { Rng } from '../engine/prng.js';
import { monthlyBandUsage, type UsageProfile } from './usage.js';

export interface HourSlot {
  instant: Date;
  /** Rome calendar date and hour of the slot's start. */
  date: string;
  hour: number;
  month: number;
  /** Saturday, Sunday or a national holiday. */
  dayOff: boolean;
  band: TariffBand;
}

const HOUR_MS = 3_600_000;

/** Every hour from Rome midnight of `from` to Rome midnight of `to` (DST days have 23 or 25). */
export function hourCalendar(from: string, to: string): HourSlot[] {
  const slots: HourSlot[] = [];
  const end = romeInstant(to).getTime();
  for (let t = romeInstant(from).getTime(); t < end; t += HOUR_MS) {
    const instant = new Date(t);
    const rome = hourInRome(instant);
    const band = tariffBand(rome);
    const weekday = dayOfWeek(rome.date);
    // A weekday in F3 during the day can only be a holiday.
    const holiday = band === 'F3' && rome.hour >= 7 && rome.hour < 23;
    slots.push({
      ...rome,
      instant,
      month: Number(rome.date.slice(5, 7)),
      dayOff: weekday === 0 || weekday === 6 || holiday,
      band,
    });
  }
  return slots;
}

// Relative load by hour of day. Homes: low at night, breakfast bump, evening peak. Firms: office hours.
const LOAD_SHAPE: Record<'home' | 'office', { workday: readonly number[]; dayOff: readonly number[] }> = {
  home: {
    workday: [
      0.35, 0.3, 0.28, 0.27, 0.27, 0.3, 0.5, 0.85, 0.7, 0.5, 0.45, 0.5, 0.7, 0.65, 0.5, 0.45, 0.5, 0.75, 1.05,
      1.3, 1.35, 1.15, 0.85, 0.5,
    ],
    dayOff: [
      0.4, 0.33, 0.3, 0.28, 0.28, 0.3, 0.35, 0.5, 0.75, 0.9, 0.95, 1.0, 1.1, 1.0, 0.85, 0.75, 0.75, 0.85, 1.1,
      1.3, 1.3, 1.15, 0.9, 0.6,
    ],
  },
  office: {
    workday: [
      0.25, 0.25, 0.25, 0.25, 0.25, 0.3, 0.5, 0.9, 1.4, 1.6, 1.6, 1.55, 1.3, 1.4, 1.6, 1.6, 1.5, 1.3, 0.8,
      0.45, 0.35, 0.3, 0.28, 0.25,
    ],
    dayOff: [
      0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.3, 0.35, 0.4, 0.4, 0.4, 0.35, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3,
      0.3, 0.28, 0.26, 0.25, 0.25,
    ],
  },
};

export interface MeteredSupply {
  id: number;
  key: string;
  annual: number;
  profile: UsageProfile;
}

/**
 * Hourly consumption in Wh for the given slots: the day's shape with some noise, scaled so that each
 * month's hours of each band add up to that band's share of the month's use (`monthlyBandUsage`, the
 * split the meter registers and the bills count). A month the slots cover only in part gets its
 * share by days. So the chart of a billed period shows the bill's kWh, band by band. The noise is
 * drawn day by day, so a month's hours come out the same whether asked alone (a bill) or with the
 * whole curve.
 */
export function hourlyQuantities(
  seed: number,
  supply: Omit<MeteredSupply, 'id'>,
  slots: readonly HourSlot[],
): number[] {
  const shape = LOAD_SHAPE[supply.profile === 'business' ? 'office' : 'home'];
  const weights = byDay(slots, (date) => Rng.of(seed, 'hourly', supply.key, date)).map(
    ([slot, rng]) => ((slot.dayOff ? shape.dayOff : shape.workday)[slot.hour] ?? 1) * rng.between(0.75, 1.25),
  );
  const groups = new Map<string, number[]>();
  const daysCovered = new Map<string, Set<string>>();
  slots.forEach((slot, i) => {
    const month = slot.date.slice(0, 7);
    const group = `${month} ${slot.band}`;
    groups
      .set(group, groups.get(group) ?? [])
      .get(group)
      ?.push(i);
    daysCovered.set(month, (daysCovered.get(month) ?? new Set()).add(slot.date));
  });
  const quantities = new Array<number>(slots.length).fill(0);
  for (const [group, indexes] of groups) {
    const [month = '', band = ''] = group.split(' ');
    const bands = monthlyBandUsage(seed, { ...supply, commodity: 'electricity' }, month);
    const coverage = (daysCovered.get(month)?.size ?? 0) / daysInMonth(month);
    const targetWh = (bands[BAND_INDEX[band as TariffBand]] ?? 0) * 1000 * coverage;
    const total = indexes.reduce((sum, i) => sum + (weights[i] ?? 0), 0);
    // Cumulative rounding: the group's whole-Wh rows add up to its target exactly.
    let running = 0;
    let given = 0;
    for (const i of indexes) {
      running += total > 0 ? ((weights[i] ?? 0) / total) * targetWh : 0;
      quantities[i] = Math.round(running) - given;
      given += quantities[i] ?? 0;
    }
  }
  return quantities;
}

export function addHourlyConsumption(
  buffer: RowBuffer,
  seed: number,
  supply: MeteredSupply,
  slots: readonly HourSlot[],
) {
  const quantities = hourlyQuantities(seed, supply, slots);
  const rows: InferInsertModel<typeof consumptions>[] = slots.map((slot, i) => ({
    supplyId: supply.id,
    intervalStart: slot.instant,
    quantity: quantities[i] ?? 0,
    band: slot.band,
  }));
  buffer.add(consumptions, ...rows);
}

/** Each slot with a random stream of its own day's (the same day gives the same draws). */
function byDay(slots: readonly HourSlot[], streamOf: (date: string) => Rng): [HourSlot, Rng][] {
  let date = '';
  let rng: Rng | undefined;
  return slots.map((slot) => {
    if (!rng || slot.date !== date) {
      date = slot.date;
      rng = streamOf(date);
    }
    return [slot, rng];
  });
}

const BAND_INDEX: Record<TariffBand, number> = { F1: 0, F2: 1, F3: 2 };

function daysInMonth(yearMonth: string): number {
  const [year, month] = yearMonth.split('-').map(Number);
  return new Date(Date.UTC(year ?? 2000, month ?? 1, 0)).getUTCDate();
}

// PUN in €/MWh: dearer in winter and in the evening peak, cheaper at night and when solar output
// floods the midday market; weekends trade lower.
const PUN_BY_MONTH = [148, 140, 122, 108, 104, 116, 132, 126, 120, 128, 138, 150];
const PUN_BY_HOUR = [
  0.86, 0.82, 0.8, 0.79, 0.8, 0.84, 0.95, 1.06, 1.08, 1.0, 0.94, 0.9, 0.88, 0.88, 0.9, 0.95, 1.02, 1.1, 1.18,
  1.22, 1.18, 1.08, 0.98, 0.9,
];

/** The PUN of each slot, thousandths of a euro per MWh; drawn day by day like the curves. */
export function punPrices(seed: number, slots: readonly HourSlot[]): number[] {
  return byDay(slots, (date) => Rng.of(seed, 'pun', date)).map(([slot, rng]) => {
    const base =
      (PUN_BY_MONTH[slot.month - 1] ?? 125) * (PUN_BY_HOUR[slot.hour] ?? 1) * (slot.dayOff ? 0.92 : 1);
    const euroPerMwh = Math.min(180, Math.max(100, base * rng.between(0.94, 1.06)));
    return Math.round(euroPerMwh * 1000);
  });
}

export function addPunQuotations(buffer: RowBuffer, seed: number, slots: readonly HourSlot[]) {
  const prices = punPrices(seed, slots);
  const rows: InferInsertModel<typeof quotations>[] = slots.map((slot, i) => ({
    quotationType: 'PUN',
    intervalStart: slot.instant,
    priceMilliEuroPerMwh: prices[i] ?? 0,
  }));
  buffer.add(quotations, ...rows);
}

// PSV (the Italian gas hub's price) in €/MWh by month: dearer in the heating season.
const PSV_BY_MONTH = [44, 43, 40, 36, 34, 34, 35, 35, 36, 38, 41, 44];

/** The month's PSV ('YYYY-MM'), thousandths of a euro per MWh. */
export function psvOfMonth(seed: number, yearMonth: string): number {
  const base = PSV_BY_MONTH[Number(yearMonth.slice(5, 7)) - 1] ?? 38;
  return Math.round(base * Rng.of(seed, 'psv', yearMonth).between(0.95, 1.05) * 1000);
}

/** One PSV quotation a month, at the Rome midnight of its first day, as the gas offers are indexed. */
export function addPsvQuotations(buffer: RowBuffer, seed: number, months: readonly string[]) {
  buffer.add(
    quotations,
    ...months.map((month) => ({
      quotationType: 'PSV',
      intervalStart: romeInstant(`${month}-01`),
      priceMilliEuroPerMwh: psvOfMonth(seed, month),
    })),
  );
}

/**
 * A calendar month's hours and their PUN ('YYYY-MM-DD' of its 1st), remembered: every brand's bills of
 * an hourly offer price the same months, and the calendar of a month costs a time-zone lookup an hour.
 */
const pricedMonths = new Map<string, { slots: HourSlot[]; prices: number[] }>();
export function pricedMonth(seed: number, first: string): { slots: HourSlot[]; prices: number[] } {
  const key = `${seed} ${first}`;
  let month = pricedMonths.get(key);
  if (!month) {
    const slots = hourCalendar(first, addMonths(first, 1));
    month = { slots, prices: punPrices(seed, slots) };
    pricedMonths.set(key, month);
  }
  return month;
}

/** Σ Wh and Σ Wh × PUN by band of a curve over a whole month: what the database's daily rollup sums. */
export function curveUsageByBand(
  seed: number,
  supply: Omit<MeteredSupply, 'id'>,
  first: string,
): Partial<Record<TariffBand, PricedUsage>> {
  const { slots, prices } = pricedMonth(seed, first);
  const quantities = hourlyQuantities(seed, supply, slots);
  const usage: Partial<Record<TariffBand, PricedUsage>> = {};
  slots.forEach((slot, i) => {
    const band = (usage[slot.band] ??= { milliUnits: 0, milliUnitsTimesIndex: 0 });
    band.milliUnits += quantities[i] ?? 0;
    band.milliUnitsTimesIndex += (quantities[i] ?? 0) * (prices[i] ?? 0);
  });
  return usage;
}

/** The month's average PUN by band ('YYYY-MM-DD' of its 1st), as the database's quotations give it. */
export function monthPunAverages(seed: number, first: string): ReturnType<typeof averagePunByBand> {
  const { slots, prices } = pricedMonth(seed, first);
  return averagePunByBand(slots.map((slot, i) => ({ band: slot.band, price: prices[i] ?? 0 })));
}
