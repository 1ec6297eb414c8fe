// Meter readings for the last two years: cumulative registers (F1–F3 for electricity, one for gas
// and heat) read at month ends, from the same monthly usage the bills charge.
import type { InferInsertModel } from 'drizzle-orm';
import { readings } from '@sportello/server/db/schema';
import type { Commodity } from '../companies/companies.js';
import type { SeedContext } from '../engine/context.js';
import { addMonths, monthEnd, monthStart, romeInstant } from '../engine/dates.js';
import { Rng } from '../engine/prng.js';
import { BAND_SHARES, monthlyUsage, type UsageProfile } from './usage.js';

/** Channel codes of the meter group's Misure.Misura list, also the keys of reading values. */
export const CHANNELS: Record<Commodity, readonly { ChannelTypeCode: string; unit: string }[]> = {
  electricity: [
    { ChannelTypeCode: 'F1', unit: 'kWh' },
    { ChannelTypeCode: 'F2', unit: 'kWh' },
    { ChannelTypeCode: 'F3', unit: 'kWh' },
  ],
  gas: [{ ChannelTypeCode: 'VOL', unit: 'Smc' }],
  heat: [{ ChannelTypeCode: 'ET', unit: 'kWh' }],
};

export interface ReadSupply {
  id: number;
  key: string;
  commodity: Commodity;
  annual: number;
  profile: UsageProfile;
  activationDate: string;
  deactivationDate: string | null;
}

/** One reading every `everyMonths` month ends inside the history and the supply's life. */
export function buildReadings(ctx: SeedContext, supply: ReadSupply, everyMonths: 1 | 2): void {
  const rng = Rng.of(ctx.seed, 'readings', supply.key);
  const channels = CHANNELS[supply.commodity].map((c) => c.ChannelTypeCode);
  const registers = channels.map(() => rng.int(800, 30_000));
  const shares = supply.commodity === 'electricity' ? BAND_SHARES[supply.profile] : [1];
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
