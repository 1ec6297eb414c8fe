// Meter readings for the last two years: cumulative registers (F1–F3 for electricity, one for gas
// and heat) read at month ends, from the same monthly usage the bills charge.
import type { InferInsertModel } from 'drizzle-orm';
import { readings } from '@sportello/db/schema';
import type { Commodity } from '../companies/companies.js';
import type { SeedContext } from '../engine/context.js';
import { addDays, addMonths, monthEnd, monthStart, romeInstant } from '../engine/dates.js';
import { Rng } from '../engine/prng.js';
import { monthlyBandUsage, monthlyUsage, type UsageProfile } from './usage.js';

/** Electricity meters have one register per band: three, two (F1 and F23, bi-hourly) or one (F0). */
export type MeterRegisters = 'tri' | 'bi' | 'mono';

const ELECTRICITY_REGISTERS: Record<MeterRegisters, readonly string[]> = {
  tri: ['F1', 'F2', 'F3'],
  bi: ['F1', 'F23'],
  mono: ['F0'],
};

/** Channel codes of the meter group's Misure.Misura list, also the keys of reading values. */
export function channelsOf(
  commodity: Commodity,
  registers: MeterRegisters = 'tri',
): { ChannelTypeCode: string; unit: string }[] {
  if (commodity === 'gas') return [{ ChannelTypeCode: 'VOL', unit: 'Smc' }];
  if (commodity === 'heat') return [{ ChannelTypeCode: 'ET', unit: 'kWh' }];
  return ELECTRICITY_REGISTERS[registers].map((c) => ({ ChannelTypeCode: c, unit: 'kWh' }));
}

/** What each register counts of a month's use: the bands, merged as the meter merges them. */
export function registerUsage(
  seed: number,
  supply: Pick<ReadSupply, 'key' | 'commodity' | 'annual' | 'profile' | 'registers'>,
  yearMonth: string,
): readonly number[] {
  if (supply.commodity !== 'electricity') return [monthlyUsage(seed, supply, yearMonth)];
  const [f1, f2, f3] = monthlyBandUsage(seed, supply, yearMonth);
  if (supply.registers === 'bi') return [f1, f2 + f3];
  return supply.registers === 'mono' ? [f1 + f2 + f3] : [f1, f2, f3];
}

export interface ReadSupply {
  id: number;
  key: string;
  commodity: Commodity;
  annual: number;
  profile: UsageProfile;
  activationDate: string;
  deactivationDate: string | null;
  registers?: MeterRegisters;
}

/**
 * A reading at the month ends inside the history and the supply's life that `readOn` keeps: every
 * month end, or only the ends of the bill periods (and the eve of the first), so each bill finds the
 * readings of its own period.
 */
export function buildReadings(
  ctx: SeedContext,
  supply: ReadSupply,
  readOn: (monthEndDate: string) => boolean,
): void {
  const rng = Rng.of(ctx.seed, 'readings', supply.key);
  const channels = channelsOf(supply.commodity, supply.registers).map((c) => c.ChannelTypeCode);
  const registers = channels.map(() => rng.int(800, 30_000));
  // The oldest bill ends inside the history and may start the month before it: read from there.
  const historyFirst = addMonths(monthStart(ctx.historyStart), -1);
  const first = monthStart(supply.activationDate > historyFirst ? supply.activationDate : historyFirst);
  const last = supply.deactivationDate ?? ctx.today;
  const rows: InferInsertModel<typeof readings>[] = [];
  const read = (date: string) => {
    // Mostly the distributor's reading; now and then the customer's own or an estimate.
    const roll = rng.next();
    const source = roll < 0.15 ? 'self' : roll < 0.25 ? 'estimated' : 'distributor';
    rows.push({
      supplyId: supply.id,
      readingDate: date,
      source,
      status: 'validated',
      values: Object.fromEntries(channels.map((c, i) => [c, registers[i] ?? 0])),
      createdAt: romeInstant(date, 18),
    });
  };
  // The registers on the eve of the first month open the history, so its first bill has both ends.
  if (readOn(addDays(first, -1))) read(addDays(first, -1));
  for (let m = first; monthEnd(m) < last; m = addMonths(m, 1)) {
    const used = registerUsage(ctx.seed, supply, m.slice(0, 7));
    channels.forEach((_, i) => {
      registers[i] = (registers[i] ?? 0) + (used[i] ?? 0);
    });
    if (readOn(monthEnd(m))) read(monthEnd(m));
  }
  ctx.buffer.add(readings, ...rows);
}
