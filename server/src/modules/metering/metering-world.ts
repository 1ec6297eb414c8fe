// The metering tests' world: SUP-1's hourly consumption and PUN prices over the autumn 2025 change of
// time, and two readings a month apart, on the supply fixture. Each test file gets its own app.
import { beforeAll } from 'vitest';
import { addDays, hourInRome, tariffBand, todayInRome } from '@sportello/domain';
import { consumptions, quotations, readings } from '@sportello/db/schema';
import type { DatabaseKind } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';

export const ERP = 'portalapi/Erp/v1';
export const HOUR_MS = 3_600_000;
export const today = todayInRome(new Date());

/** Hourly rows of SUP-1 over the autumn 2025 change of time (25 hours on 26 October) and into November. */
const FIRST_HOUR = Date.parse('2025-10-23T22:00:00Z'); // Rome midnight of 24 October
const HOURS = 24 * 10 + 1;
export const hourly = Array.from({ length: HOURS }, (_, i) => {
  const start = new Date(FIRST_HOUR + i * HOUR_MS);
  const rome = hourInRome(start);
  return { start, ...rome, band: tariffBand(rome), quantity: 150 + ((i * 37) % 400), pun: 90_000 + i * 250 };
});
/** Expected sums of the rows by a key of their Rome date/hour and band. */
export function sums(key: (row: (typeof hourly)[number]) => string) {
  const out: Record<string, Record<string, number>> = {};
  for (const row of hourly) {
    const k = key(row);
    out[k] ??= {};
    out[k][row.band] = (out[k][row.band] ?? 0) + row.quantity;
  }
  return out;
}

export function useMeteringWorld(kind: DatabaseKind) {
  const ctx = useSupplyTestApp(kind);
  beforeAll(async () => {
    const sup1 = ctx.world.supplies['SUP-1']!.id;
    await ctx.db
      .insert(consumptions)
      .values(
        hourly.map((h) => ({ supplyId: sup1, intervalStart: h.start, quantity: h.quantity, band: h.band })),
      );
    await ctx.db
      .insert(quotations)
      .values(
        hourly.map((h) => ({ quotationType: 'PUN', intervalStart: h.start, priceMilliEuroPerMwh: h.pun })),
      );
    // EA uses 10 kWh a day, ER 1: 300 and 30 expected a month after the last reading.
    await ctx.db.insert(readings).values([
      {
        supplyId: sup1,
        readingDate: addDays(today, -60),
        source: 'distributor',
        status: 'validated',
        values: { EA: 1000, ER: 200 },
      },
      {
        supplyId: sup1,
        readingDate: addDays(today, -30),
        source: 'estimated',
        status: 'validated',
        values: { EA: 1300, ER: 230 },
      },
    ]);
  });
  return ctx;
}
