// PUN prices: hourly prices with daily min/max/average and monthly band averages; every refusal.
import { describe, expect, it } from 'vitest';
import { call, guestSession } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { ERP, hourly, useMeteringWorld } from './metering-world.js';

describe.each(databaseKinds)('prices on %s', (kind) => {
  const ctx = useMeteringWorld(kind);

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
});
