// Metering API: consumption sums equal the hourly rows, the window and register rules, plausibility
// and its confirmation, one reading per submission token, the photo, guest reach through a self-
// reading link, PUN quotations, and the window-opening announcement.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { erpMetering } from '@sportello/contract';
import { addDays, hourInRome, tariffBand, todayInRome } from '@sportello/domain';
import {
  consumptionDays,
  consumptions,
  documents,
  links,
  notifications,
  quotations,
  readingSubmissions,
  readingWindows,
  readings,
} from '../../db/schema/index.js';
import { hashLinkToken } from '../../db/link-token.js';
import { createServices } from '../../wiring.js';
import { call, guestSession, loginAs, testConfig } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { meteringModule } from './index.js';
import type { MeteringService } from './service.js';

const ERP = 'portalapi/Erp/v1';
const HOUR_MS = 3_600_000;
const today = todayInRome(new Date());

/** Hourly rows of SUP-1 over the autumn 2025 change of time (25 hours on 26 October) and into November. */
const FIRST_HOUR = Date.parse('2025-10-23T22:00:00Z'); // Rome midnight of 24 October
const HOURS = 24 * 10 + 1;
const hourly = Array.from({ length: HOURS }, (_, i) => {
  const start = new Date(FIRST_HOUR + i * HOUR_MS);
  const rome = hourInRome(start);
  return { start, ...rome, band: tariffBand(rome), quantity: 150 + ((i * 37) % 400), pun: 90_000 + i * 250 };
});
/** Expected sums of the rows by a key of their Rome date/hour and band. */
function sums(key: (row: (typeof hourly)[number]) => string) {
  const out: Record<string, Record<string, number>> = {};
  for (const row of hourly) {
    const k = key(row);
    out[k] ??= {};
    out[k][row.band] = (out[k][row.band] ?? 0) + row.quantity;
  }
  return out;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');

describe.each(databaseKinds)('metering on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  let mario: string;
  let sup1: number;

  beforeAll(async () => {
    mario = await loginAs(ctx.app, 'mario');
    sup1 = ctx.world.supplies['SUP-1']!.id;
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

    it('issue 23 finding 8: refuses a date the database has no year for with 400, naming the field', async () => {
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

  describe('self-reading', () => {
    let n = 0;
    const send = (request: Record<string, unknown>, sessionId = mario) =>
      call(ctx.app, 'POST', `${ERP}/metering/insertReadings`, {
        sessionId,
        body: { supplyKey: 'SUP-1', submissionToken: `test-token-${++n}`, ...request },
      });
    const readingCount = async () =>
      (await ctx.db.select().from(readings).where(eq(readings.supplyId, sup1))).length;

    it('shows the open window, the registers with their last value and the last reading', async () => {
      const res = await call(ctx.app, 'GET', `${ERP}/metering/readingWindow?supplyKey=SUP-1`, {
        sessionId: mario,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        open: true,
        window: { opensOn: addDays(today, -3), closesOn: addDays(today, 5) },
        next: null,
        registers: [
          { channel: 'EA', unit: 'kWh', lastValue: 1300 },
          { channel: 'ER', unit: 'kvarh', lastValue: 230 },
        ],
        lastReading: { source: 'estimated', values: { EA: 1300, ER: 230 } },
        maxDigits: 8,
      });
    });

    it.each([
      [{ EA: '13a0', ER: '240' }, 400, 'values.EA', 'reading_digits_only'],
      [{ EA: '123456789', ER: '240' }, 400, 'values.EA', 'reading_too_many_digits'],
      [{ EA: '1400' }, 400, 'values.ER', 'reading_required'],
      [{ EA: '1400', ER: '240', F1: '1' }, 400, 'values.F1', 'reading_unknown_register'],
      [{ EA: '1200', ER: '240' }, 422, 'values.EA', 'reading_lower_than_last'],
      // Far beyond anything the meter could turn (300 expected).
      [{ EA: '99999999', ER: '240' }, 422, 'values.EA', 'reading_impossible'],
    ])('refuses %j with a message on the register', async (values, status, field, code) => {
      const before = await readingCount();
      const res = await send({ values });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, code }));
      expect(res.json().message).toMatch(/\S/);
      expect(await readingCount()).toBe(before);
    });

    it('refuses an impossible value even when the customer confirms it', async () => {
      const before = await readingCount();
      const res = await send({ values: { EA: '99999999', ER: '240' }, confirmImplausible: true });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ field: 'values.EA', code: 'reading_impossible' }),
      ]);
      expect(await readingCount()).toBe(before);
    });

    it('warns about an implausible value without saving, and records the confirmation', async () => {
      const before = await readingCount();
      const values = { EA: '5000', ER: '250' };
      const warned = await send({ values, submissionToken: 'implausible-1' });
      expect(warned.statusCode, warned.body).toBe(200);
      expect(warned.json().data).toEqual({
        outcome: 'confirm',
        reading: null,
        warnings: [{ channel: 'EA', consumption: 3700, expected: 300 }],
      });
      expect(await readingCount()).toBe(before);

      const confirmed = await send({ values, submissionToken: 'implausible-1', confirmImplausible: true });
      expect(confirmed.json().data).toMatchObject({
        outcome: 'saved',
        reading: {
          source: 'self',
          values: { EA: 5000, ER: 250 },
          implausibleConfirmed: true,
          readingDate: today,
        },
      });
      expect(await readingCount()).toBe(before + 1);
      const [row] = await ctx.db
        .select()
        .from(readingSubmissions)
        .where(eq(readingSubmissions.token, 'implausible-1'));
      expect(row).toMatchObject({
        implausibleConfirmed: true,
        implausible: [{ channel: 'EA', consumption: 3700, expected: 300 }],
      });
    });

    it('records one reading for a double submit, and answers both with it', async () => {
      const before = await readingCount();
      const body = { values: { EA: '5100', ER: '260' }, submissionToken: 'double-click-1' };
      const [a, b] = await Promise.all([send(body), send(body)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().data.reading.id).toBe(b.json().data.reading.id);
      expect(await readingCount()).toBe(before + 1);
    });

    it('accepts a value below the last when the meter was replaced, and says so', async () => {
      const res = await send({ values: { EA: '12', ER: '3' }, meterReplaced: true });
      expect(res.json().data.reading).toMatchObject({ values: { EA: 12, ER: 3 }, meterReplaced: true });
    });

    it('keeps a photo of the meter as a document, and refuses one that is not an image or too large', async () => {
      const notImage = await send({
        values: { EA: '20', ER: '4' },
        photo: { contentType: 'image/png', data: Buffer.from('hello').toString('base64') },
      });
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json().errors[0]).toMatchObject({ field: 'photo', code: 'reading_photo_not_image' });
      const pdf = await send({
        values: { EA: '20', ER: '4' },
        photo: { contentType: 'application/pdf', data: PNG },
      });
      expect(pdf.json().errors[0].code).toBe('reading_photo_not_image');
      const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(720 * 1024)]).toString('base64');
      const tooLarge = await send({
        values: { EA: '20', ER: '4' },
        photo: { contentType: 'image/png', data: big },
      });
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json().errors[0].code).toBe('reading_photo_too_large');

      const ok = await send({
        values: { EA: '20', ER: '4' },
        photo: { contentType: 'image/png', data: PNG },
      });
      expect(ok.json().data.reading.hasPhoto).toBe(true);
      const photos = await ctx.db.select().from(documents).where(eq(documents.documentType, 'FotoLettura'));
      expect(photos).toHaveLength(1);
      expect(photos[0]).toMatchObject({
        customerId: ctx.fixture.mario.id,
        contentType: 'image/png',
        contentBase64: PNG,
      });
    });

    it('issue 23 finding 8: refuses a reading start date of year 0 with 400', async () => {
      const res = await call(ctx.app, 'GET', `${ERP}/readings?supplyKey=SUP-1&startDate=0000-01-01`, {
        sessionId: mario,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('startDate');
    });

    it('lists the readings newest first with who sent them', async () => {
      const res = await call(ctx.app, 'GET', `${ERP}/readings?supplyKey=SUP-1`, { sessionId: mario });
      const data = res.json().data;
      expect(data.startDate).toBe(`${Number(today.slice(0, 4)) - 2}${today.slice(4)}`);
      expect(data.readings.map((r: { source: string }) => r.source).slice(-2)).toEqual([
        'estimated',
        'distributor',
      ]);
      const since = await call(
        ctx.app,
        'GET',
        `${ERP}/readings?supplyKey=SUP-1&startDate=${addDays(today, -45)}`,
        { sessionId: mario },
      );
      expect(since.json().data.readings.map((r: { source: string }) => r.source)).not.toContain(
        'distributor',
      );
      expect(
        (await call(ctx.app, 'GET', `${ERP}/readings?supplyKey=SUP-4`, { sessionId: mario })).statusCode,
      ).toBe(403);
    });

    it('refuses a reading outside the window, and tells the next one', async () => {
      await ctx.db
        .update(readingWindows)
        .set({ opensOn: addDays(today, 10), closesOn: addDays(today, 20) })
        .where(eq(readingWindows.supplyId, sup1));
      try {
        const window = await call(ctx.app, 'GET', `${ERP}/metering/readingWindow?supplyKey=SUP-1`, {
          sessionId: mario,
        });
        expect(window.json().data).toMatchObject({
          open: false,
          window: null,
          next: { opensOn: addDays(today, 10) },
        });
        const res = await send({ values: { EA: '30', ER: '5' } });
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toMatch(/periodo per inviare l’autolettura è chiuso/);
      } finally {
        await ctx.db
          .update(readingWindows)
          .set({ opensOn: addDays(today, -3), closesOn: addDays(today, 5) })
          .where(eq(readingWindows.supplyId, sup1));
      }
    });

    it('serves a guest from the self-reading link of that supply only', async () => {
      await ctx.db.insert(links).values([
        {
          tokenHash: hashLinkToken('read-sup1'),
          companyCode: 'sga',
          moduleId: 7,
          entityKey: 'SUP-1',
          item: 'supply',
          customerId: ctx.fixture.mario.id,
        },
        {
          tokenHash: hashLinkToken('msg-only'),
          companyCode: 'sga',
          moduleId: 4,
          entityKey: 'MSG-1',
          item: 'message',
          customerId: ctx.fixture.mario.id,
        },
      ]);
      const guest = await guestSession(ctx.app);
      const plain = await call(ctx.app, 'GET', `${ERP}/metering/readingWindow?supplyKey=SUP-1`, {
        sessionId: guest,
      });
      expect(plain.statusCode).toBe(401);
      expect(
        (await call(ctx.app, 'GET', 'portalapi/Core/v1/links/read-sup1', { sessionId: guest })).statusCode,
      ).toBe(200);
      const own = await call(ctx.app, 'GET', `${ERP}/metering/readingWindow?supplyKey=SUP-1`, {
        sessionId: guest,
      });
      expect(own.statusCode, own.body).toBe(200);
      const sent = await send({ values: { EA: '40', ER: '6' } }, guest);
      expect(sent.json().data.outcome).toBe('saved');
      const [row] = await ctx.db
        .select()
        .from(readingSubmissions)
        .where(and(eq(readingSubmissions.supplyId, sup1), eq(readingSubmissions.token, `test-token-${n}`)));
      expect(row).toMatchObject({ userId: null, viaLinkId: expect.any(Number) });
      for (const key of ['SUP-4', 'SUP-2', 'SUP-3']) {
        const other = await call(ctx.app, 'GET', `${ERP}/metering/readingWindow?supplyKey=${key}`, {
          sessionId: guest,
        });
        expect(other.statusCode).toBe(403);
      }
      // Calls of logged-in users only stay closed to the guest.
      expect(
        (await call(ctx.app, 'GET', `${ERP}/readings?supplyKey=SUP-1`, { sessionId: guest })).statusCode,
      ).toBe(401);
      // A link of another module does not open the self-reading.
      await call(ctx.app, 'GET', 'portalapi/Core/v1/links/msg-only', { sessionId: guest });
      expect(
        (await call(ctx.app, 'GET', `${ERP}/metering/readingWindow?supplyKey=SUP-1`, { sessionId: guest }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('quotations', () => {
    it('lists hourly PUN prices with daily min/max/average and monthly band averages', async () => {
      const guest = await guestSession(ctx.app);
      const res = await call(
        ctx.app,
        'GET',
        `${ERP}/quotations?quotationType=PUN&detailLevel=Hour&startDate=2025-10-26&endDate=2025-10-28`,
        { sessionId: guest },
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      const inRange = hourly.filter((h) => h.date >= '2025-10-26' && h.date < '2025-10-28');
      expect(data.prices).toHaveLength(inRange.length);
      expect(data.prices[0]).toEqual({
        start: inRange[0]!.start.toISOString(),
        date: '2025-10-26',
        hour: 0,
        minutes: 60,
        milliEuroPerMwh: inRange[0]!.pun,
      });
      const day = inRange.filter((h) => h.date === '2025-10-26').map((h) => h.pun);
      expect(data.days[0]).toEqual({
        date: '2025-10-26',
        min: Math.min(...day),
        max: Math.max(...day),
        average: Math.round(day.reduce((a, b) => a + b) / day.length),
        hours: 25,
      });
      const october = hourly.filter((h) => h.date.startsWith('2025-10'));
      const avg = (band: string) => {
        const xs = october.filter((h) => h.band === band).map((h) => h.pun);
        return Math.round(xs.reduce((a, b) => a + b) / xs.length);
      };
      expect(data.months).toEqual([{ month: '2025-10', F1: avg('F1'), F2: avg('F2'), F3: avg('F3') }]);
    });

    it('refuses a reversed range and no session', async () => {
      const guest = await guestSession(ctx.app);
      const res = await call(
        ctx.app,
        'GET',
        `${ERP}/quotations?quotationType=PUN&detailLevel=Hour&startDate=2025-10-28&endDate=2025-10-26`,
        { sessionId: guest },
      );
      expect(res.statusCode).toBe(400);
      expect(
        (
          await call(
            ctx.app,
            'GET',
            `${ERP}/quotations?quotationType=PUN&detailLevel=Hour&startDate=2025-10-26&endDate=2025-10-28`,
          )
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('window opening', () => {
    it('notifies the customer once when a window opens', async () => {
      const services = createServices(ctx.db, testConfig());
      const metering = services.serviceOf(meteringModule) as MeteringService;
      const count = async () =>
        (await ctx.db.select().from(notifications).where(eq(notifications.kind, 'readingWindow'))).length;
      const before = await count();
      expect(await metering.announceOpeningWindows(new Date())).toBe(1);
      expect(await metering.announceOpeningWindows(new Date())).toBe(0);
      expect(await count()).toBeGreaterThan(before);
      const [note] = await ctx.db.select().from(notifications).where(eq(notifications.kind, 'readingWindow'));
      expect(note?.title).toBe('È il momento di inviare l’autolettura');
    });
  });
});
