// Meter readings for the last two years: cumulative registers (F1–F3 for electricity, one for gas
// and heat) read at month ends, from the same monthly usage the bills charge.
import type { InferInsertModel } from 'drizzle-orm';
import { readings } from '@sportello/server/db/schema';
import type { Commodity } from '../companies/companies.js';
import type { SeedContext } from '../engine/context.js';
import { addMonths, monthEnd, monthStart, romeInstant } from '../engine/dates.js';
import { Rng } from '../engine/prng.js';
import { BAND_SHARES, monthlyUsage, type UsageProfile } from './usage.js';

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

/** Share of the month's use each register counts: the band shares, merged as the meter merges them. */
function registerShares(supply: ReadSupply): readonly number[] {
  if (supply.commodity !== 'electricity') return [1];
  const [f1, f2, f3] = BAND_SHARES[supply.profile];
  if (supply.registers === 'bi') return [f1, f2 + f3];
  return supply.registers === 'mono' ? [1] : [f1, f2, f3];
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

/** One reading every `everyMonths` month ends inside the history and the supply's life. */
export function buildReadings(ctx: SeedContext, supply: ReadSupply, everyMonths: 1 | 2): void {
  const rng = Rng.of(ctx.seed, 'readings', supply.key);
  const channels = channelsOf(supply.commodity, supply.registers).map((c) => c.ChannelTypeCode);
  const registers = channels.map(() => rng.int(800, 30_000));
  const shares = registerShares(supply);
  const first = monthStart(
    supply.activationDate > ctx.historyStart ? supply.activationDate : ctx.historyStart,
  );
  const last = supply.deactivationDate ?? ctx.today;
  const rows: InferInsertModel<typeof readings>[] = [];
  for (let m = first, n = 0; monthEnd(m) < last; m = addMonths(m, 1), n++) {
    const used = monthlyUsage(ctx.seed, supply, m.slice(0, 7));
    channels.forEach((_, i) => {
      registers[i] = (registers[i] ?? 0) + Math.round(used * (shares[i] ?? 0));
    });
    if ((n + 1) % everyMonths !== 0) continue;
    const date = monthEnd(m);
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
  }
  ctx.buffer.add(readings, ...rows);
}
