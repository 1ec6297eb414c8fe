// Consumption: sums by day, month and year equal the hourly rows band by band, hours keep the 25-hour
// day and are priced at PUN + spread, the daily rollup follows every change, and every refusal.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { erpMetering } from '@sportello/contract';
import { hourInRome, tariffBand } from '@sportello/domain';
import { consumptionDays, consumptions, quotations } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { ERP, HOUR_MS, hourly, sums, useMeteringWorld } from './metering-world.js';

describe.each(databaseKinds)('consumption on %s', (kind) => {
  const ctx = useMeteringWorld(kind);
  let mario: string;
  let sup1: number;

  beforeAll(async () => {
    mario = await loginAs(ctx.app, 'mario');
    sup1 = ctx.world.supplies['SUP-1']!.id;
  });

  const consumption = async (query: string, sessionId = mario) => {
    const res = await call(ctx.app, 'GET', `${ERP}/consumptions?supplyKey=SUP-1&${query}`, { sessionId });
    // Written without a schema pass (routes.ts): the answer must still be the contract's.
    if (res.statusCode === 200) erpMetering.getConsumptions.response.parse(res.json().data);
    return res;
  };

  describe('consumptions', () => {
    it.each([
      ['day', (r: (typeof hourly)[number]) => r.date],
      ['month', (r: (typeof hourly)[number]) => r.date.slice(0, 7)],
      ['year', (r: (typeof hourly)[number]) => r.date.slice(0, 4)],
    ] as const)('by %s equals the sum of the hourly rows, band by band', async (granularity, key) => {
      const res = await consumption(`from=2025-10-01&to=2025-12-01&granularity=${granularity}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ unit: 'kWh', bands: ['F1', 'F2', 'F3'], hourlyPrice: true });
      const got = Object.fromEntries(
        data.points.map((p: { period: string; milliUnits: object }) => [p.period, p.milliUnits]),
      );
      expect(got).toEqual(sums(key));
    });

    it('offers days and hours only where a smart meter sends its curve: months for gas', async () => {
      const electricity = await consumption('from=2025-10-01&to=2025-12-01&granularity=month');
      expect(electricity.json().data.granularities).toEqual(['hour', 'day', 'month', 'year']);
      const gas = await call(
        ctx.app,
        'GET',
        `${ERP}/consumptions?supplyKey=SUP-2&from=2025-01-01&to=2025-03-01&granularity=month`,
        { sessionId: mario },
      );
      expect(gas.statusCode, gas.body).toBe(200);
      expect(gas.json().data).toMatchObject({ commodity: 'gas', granularities: ['year', 'month'] });
    });

    it('by hour keeps both 02:00 of the 25-hour day and prices each hour at PUN + spread', async () => {
      const res = await consumption('from=2025-10-26&to=2025-10-27&granularity=hour');
      const points = res.json().data.points as {
        start: string;
        period: string;
        milliUnits: Record<string, number>;
        costCents: Record<string, number>;
      }[];
      expect(points).toHaveLength(25);
      expect(points.filter((p) => p.period === '2025-10-26T02')).toHaveLength(2);
      const day = hourly.filter((h) => h.date === '2025-10-26');
      points.forEach((p, i) => {
        const row = day[i]!;
        expect(p.start).toBe(row.start.toISOString());
        expect(p.milliUnits).toEqual({ [row.band]: row.quantity });
        // OFF-1: 12 thousandths of a euro per kWh over the PUN.
        expect(p.costCents[row.band]).toBe(Math.round((row.quantity * (row.pun / 1000 + 12)) / 10_000));
      });
    });

    it('prices days and months like the sum of their hours', async () => {
      const exact = (rows: typeof hourly) =>
        // Wh × (PUN milli€/MWh + 12 000) / 10⁷ = cents, summed in integers before rounding.
        Math.round(rows.reduce((sum, h) => sum + h.quantity * (h.pun + 12_000), 0) / 10_000_000);
      const days = (await consumption('from=2025-10-24&to=2025-11-03&granularity=day')).json().data.points;
      for (const point of days as { period: string; costCents: Record<string, number> }[]) {
        for (const [band, cents] of Object.entries(point.costCents)) {
          expect(cents).toBe(exact(hourly.filter((h) => h.date === point.period && h.band === band)));
        }
      }
      const [october] = (await consumption('from=2025-10-01&to=2025-11-01&granularity=month')).json().data
        .points;
      expect(october.costCents.F3).toBe(
        exact(hourly.filter((h) => h.date.startsWith('2025-10') && h.band === 'F3')),
      );
    });

    it('keeps the daily rollup equal to the hourly sums through inserts, updates, deletes and late prices', async () => {
      // The spring change of time 2024 (a 23-hour day) on SUP-1, away from the rows above.
      const start = Date.parse('2024-03-29T23:00:00Z'); // Rome midnight of 30 March
      const hours = Array.from({ length: 71 }, (_, i) => new Date(start + i * HOUR_MS));
      const rollupEqualsHours = async () => {
        const day = sql<string>`(${consumptions.intervalStart} at time zone 'Europe/Rome')::date`;
        const fromHours = await ctx.db
          .select({
            day: sql<string>`${day}::text`,
            band: consumptions.band,
            quantity: sql<number>`sum(${consumptions.quantity})`.mapWith(Number),
            quantityPun:
              sql<number>`coalesce(sum(${consumptions.quantity}::bigint * ${quotations.priceMilliEuroPerMwh}), 0)`.mapWith(
                Number,
              ),
          })
          .from(consumptions)
          .leftJoin(
            quotations,
            and(
              eq(quotations.quotationType, 'PUN'),
              eq(quotations.intervalStart, consumptions.intervalStart),
            ),
          )
          .where(eq(consumptions.supplyId, sup1))
          .groupBy(day, consumptions.band)
          .orderBy(day, consumptions.band);
        const rolledUp = await ctx.db
          .select({
            day: sql<string>`${consumptionDays.day}::text`,
            band: consumptionDays.band,
            quantity: consumptionDays.quantity,
            quantityPun: consumptionDays.quantityPun,
          })
          .from(consumptionDays)
          .where(eq(consumptionDays.supplyId, sup1))
          .orderBy(consumptionDays.day, consumptionDays.band);
        expect(rolledUp).toEqual(fromHours);
        return rolledUp;
      };
      const before = await rollupEqualsHours();
      const inRange = and(
        eq(consumptions.supplyId, sup1),
        gte(consumptions.intervalStart, hours[0]!),
        lte(consumptions.intervalStart, hours.at(-1)!),
      );

      await ctx.db.insert(consumptions).values(
        hours.map((h, i) => ({
          supplyId: sup1,
          intervalStart: h,
          quantity: 100 + i,
          band: tariffBand(hourInRome(h)),
        })),
      );
      expect((await rollupEqualsHours()).length).toBeGreaterThan(before.length);
      // Prices published after the consumption (a correction) reprice the days they fall on.
      await ctx.db
        .insert(quotations)
        .values(
          hours.map((h, i) => ({ quotationType: 'PUN', intervalStart: h, priceMilliEuroPerMwh: 80_000 + i })),
        );
      await rollupEqualsHours();
      await ctx.db
        .update(quotations)
        .set({ priceMilliEuroPerMwh: 120_000 })
        .where(and(eq(quotations.quotationType, 'PUN'), eq(quotations.intervalStart, hours[30]!)));
      await rollupEqualsHours();
      await ctx.db
        .update(consumptions)
        .set({ quantity: sql`${consumptions.quantity} * 2` })
        .where(and(inRange, eq(consumptions.band, 'F3')));
      await rollupEqualsHours();
      // Moving the last hour to the next day changes both days.
      const moved = new Date(hours.at(-1)!.getTime() + HOUR_MS);
      await ctx.db
        .update(consumptions)
        .set({ intervalStart: moved })
        .where(and(eq(consumptions.supplyId, sup1), eq(consumptions.intervalStart, hours.at(-1)!)));
      await rollupEqualsHours();
      await ctx.db
        .delete(consumptions)
        .where(
          and(
            eq(consumptions.supplyId, sup1),
            gte(consumptions.intervalStart, hours[0]!),
            lte(consumptions.intervalStart, moved),
          ),
        );
      await ctx.db
        .delete(quotations)
        .where(and(gte(quotations.intervalStart, hours[0]!), lte(quotations.intervalStart, hours.at(-1)!)));
      expect(await rollupEqualsHours()).toEqual(before);
    });

    it('says nothing for a range without data, and refuses a reversed or too wide range', async () => {
      expect((await consumption('from=2020-01-01&to=2020-02-01&granularity=day')).json().data.points).toEqual(
        [],
      );
      const reversed = await consumption('from=2025-11-01&to=2025-10-01&granularity=day');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().message).toBe('La data di fine deve seguire quella di inizio.');
      const wide = await consumption('from=2025-01-01&to=2025-06-01&granularity=hour');
      expect(wide.statusCode).toBe(400);
      expect(wide.json().errors[0].code).toBe('range_too_wide');
      expect((await consumption('from=2025-02-30&to=2025-03-01&granularity=day')).statusCode).toBe(400);
    });

    it('refuses a date the database has no year for with 400, naming the field', async () => {
      const res = await consumption('from=0000-01-01&to=0000-02-01&granularity=day');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['from', 'to']);
    });

    it("refuses franco's supply (403), an unknown one (404) and no session (401)", async () => {
      const theirs = await call(
        ctx.app,
        'GET',
        `${ERP}/consumptions?supplyKey=SUP-4&from=2025-10-01&to=2025-11-01&granularity=day`,
        { sessionId: mario },
      );
      expect(theirs.statusCode).toBe(403);
      const unknown = await call(
        ctx.app,
        'GET',
        `${ERP}/consumptions?supplyKey=SUP-404&from=2025-10-01&to=2025-11-01&granularity=day`,
        { sessionId: mario },
      );
      expect(unknown.statusCode).toBe(404);
      expect(
        (
          await call(
            ctx.app,
            'GET',
            `${ERP}/consumptions?supplyKey=SUP-1&from=2025-10-01&to=2025-11-01&granularity=day`,
          )
        ).statusCode,
      ).toBe(401);
    });
  });
});
