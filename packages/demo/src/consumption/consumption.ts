// Hourly electricity consumption of smart-metered supplies and the hourly PUN price, both on one
// calendar of Europe/Rome hours whose tariff band (F1–F3) comes from @sportello/domain.
import type { InferInsertModel } from 'drizzle-orm';
import { hourInRome, tariffBand, type TariffBand } from '@sportello/domain';
import { consumptions, quotations } from '@sportello/db/schema';
import type { RowBuffer } from '../engine/bulk.js';
import { dayOfWeek, romeInstant } from '../engine/dates.js';
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
 * share by days. So the chart of a billed period shows the bill's kWh, band by band.
 */
export function addHourlyConsumption(
  buffer: RowBuffer,
  seed: number,
  supply: MeteredSupply,
  slots: readonly HourSlot[],
) {
  const rng = Rng.of(seed, 'hourly', supply.key);
  const shape = LOAD_SHAPE[supply.profile === 'business' ? 'office' : 'home'];
  const weights = slots.map(
    (slot) => ((slot.dayOff ? shape.dayOff : shape.workday)[slot.hour] ?? 1) * rng.between(0.75, 1.25),
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
  const rows: InferInsertModel<typeof consumptions>[] = slots.map((slot, i) => ({
    supplyId: supply.id,
    intervalStart: slot.instant,
    quantity: quantities[i] ?? 0,
    band: slot.band,
  }));
  buffer.add(consumptions, ...rows);
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

export function addPunQuotations(buffer: RowBuffer, seed: number, slots: readonly HourSlot[]) {
  const rng = Rng.of(seed, 'pun');
  const rows: InferInsertModel<typeof quotations>[] = slots.map((slot) => {
    const base =
      (PUN_BY_MONTH[slot.month - 1] ?? 125) * (PUN_BY_HOUR[slot.hour] ?? 1) * (slot.dayOff ? 0.92 : 1);
    const euroPerMwh = Math.min(180, Math.max(100, base * rng.between(0.94, 1.06)));
    return {
      quotationType: 'PUN',
      intervalStart: slot.instant,
      priceMilliEuroPerMwh: Math.round(euroPerMwh * 1000),
    };
  });
  buffer.add(quotations, ...rows);
}
