// Readings: the window and register rules, plausibility and its confirmation, one reading per
// submission token, the photo kept as a document, the archive, guest reach through a self-reading
// link, and the window-opening announcement.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { addDays } from '@sportello/domain';
import {
  documents,
  links,
  notifications,
  readingSubmissions,
  readingWindows,
  readings,
} from '@sportello/db/schema';
import { hashLinkToken } from '@sportello/db/link-token';
import { createServices } from '../../wiring.js';
import { call, guestSession, loginAs, testConfig } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { SAMPLE_PNG } from '../../../test/sample-files.js';
import { meteringModule } from './index.js';
import { ERP, today, useMeteringWorld } from './metering-world.js';
import type { MeteringService } from './service.js';

const PNG = SAMPLE_PNG.toString('base64');

describe.each(databaseKinds)('readings on %s', (kind) => {
  const ctx = useMeteringWorld(kind);
  let mario: string;
  let sup1: number;

  beforeAll(async () => {
    mario = await loginAs(ctx.app, 'mario');
    sup1 = ctx.world.supplies['SUP-1']!.id;
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
      // Only the first bytes of a PNG, then an HTML page: not a picture.
      const polyglot = Buffer.concat([SAMPLE_PNG.subarray(0, 8), Buffer.from('<html><script>x()</script>')]);
      const fake = await send({
        values: { EA: '20', ER: '4' },
        photo: { contentType: 'image/png', data: polyglot.toString('base64') },
      });
      expect(fake.json().errors[0].code).toBe('reading_photo_not_image');
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
      expect(photos[0]).toMatchObject({ customerId: ctx.fixture.mario.id, contentType: 'image/png' });
      // Kept as pixels: decoded and encoded again, so nothing but the picture travels on.
      const kept = await sharp(Buffer.from(photos[0]!.contentBase64!, 'base64')).metadata();
      expect(kept).toMatchObject({ format: 'png', width: 1, height: 1 });
    });

    it('refuses a reading start date of year 0 with 400', async () => {
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
