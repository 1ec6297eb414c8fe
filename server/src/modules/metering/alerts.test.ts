// Alerts a customer asks for (ADR 039): "Nessun dato dal contatore" once per gap in
// the consumption feed, "La finestra per l'autolettura si apre domani" once per window, and nothing at
// all for a user who turned both channels of the alert off.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '@sportello/domain';
import { consumptions, notifications, readingWindows, supplies, users } from '@sportello/db/schema';
import { testConfig } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createServices } from '../../wiring.js';
import { meteringModule } from './index.js';
import type { MeteringService } from './service.js';

const DAY_MS = 86_400_000;

describe.each(databaseKinds)('alerts on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const metering = () => createServices(ctx.db, testConfig()).serviceOf(meteringModule) as MeteringService;
  const today = todayInRome(new Date());

  async function supplyId(key: string) {
    const [row] = await ctx.db.select({ id: supplies.id }).from(supplies).where(eq(supplies.key, key));
    return row!.id;
  }
  /** One hour of data at noon (Rome) of each day. */
  async function feed(key: string, days: string[]) {
    const id = await supplyId(key);
    await ctx.db.insert(consumptions).values(
      days.map((day) => ({
        supplyId: id,
        intervalStart: new Date(`${day}T10:00:00Z`),
        quantity: 500,
        band: 'F1',
      })),
    );
  }
  const notesOf = async (userId: number, kind: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  const marioId = () => ctx.fixture.marioUser.id;

  it('tells a silent meter once per gap, and not a meter whose data comes in', async () => {
    await feed(
      'SUP-1',
      [20, 16, 12].map((n) => addDays(today, -n)),
    );
    await feed(
      'SUP-3',
      [20, 2].map((n) => addDays(today, -n)),
    );
    const service = metering();
    expect(await service.alertSilentMeters(new Date(), { force: true })).toBe(1);
    expect(await service.alertSilentMeters(new Date(), { force: true })).toBe(0);
    const [note, ...more] = await notesOf(marioId(), 'meterSilence');
    expect(more).toEqual([]);
    expect(note!.title).toBe('Nessun dato dal contatore da 10 giorni');
    expect(note!.description).toContain('la prossima bolletta potrebbe essere stimata');
    // Anna's meter sends data: nothing for her.
    const [anna] = await ctx.db.select().from(users).where(eq(users.username, 'anna'));
    expect(await notesOf(anna!.id, 'meterSilence')).toEqual([]);

    // The data comes back, then stops again: a new gap, a new alert.
    await feed('SUP-1', [addDays(today, -1)]);
    expect(await service.alertSilentMeters(new Date(), { force: true })).toBe(0);
    expect(await service.alertSilentMeters(new Date(Date.now() + 12 * DAY_MS))).toBeGreaterThanOrEqual(1);
    expect(await notesOf(marioId(), 'meterSilence')).toHaveLength(2);
  });

  it('tells the day before a window opens, once', async () => {
    const service = metering();
    // The windows open today are announced first: what follows is about tomorrow's alone.
    await service.announceOpeningWindows(new Date());
    const id = await supplyId('SUP-101');
    await ctx.db
      .insert(readingWindows)
      .values({ supplyId: id, opensOn: addDays(today, 1), closesOn: addDays(today, 8) });
    expect(await service.remindWindowsOpeningTomorrow(new Date())).toBe(1);
    expect(await service.remindWindowsOpeningTomorrow(new Date())).toBe(0);
    const [note, ...more] = await notesOf(marioId(), 'readingWindowSoon');
    expect(more).toEqual([]);
    expect(note!.title).toBe('La finestra per l’autolettura si apre domani');
    // A window opening tomorrow is not announced as open today.
    expect(await service.announceOpeningWindows(new Date())).toBe(0);
  });

  it('sends nothing to a user who turned both channels of an alert off', async () => {
    const off = { email: false, push: false };
    await ctx.db
      .update(users)
      .set({ userOptions: JSON.stringify({ notifications: { meterSilence: off, readingWindowSoon: off } }) })
      .where(eq(users.id, marioId()));
    const before = {
      silence: (await notesOf(marioId(), 'meterSilence')).length,
      soon: (await notesOf(marioId(), 'readingWindowSoon')).length,
    };
    const ids = await Promise.all(['SUP-102', 'SUP-103'].map(supplyId));
    await ctx.db
      .insert(readingWindows)
      .values(ids.map((supplyId) => ({ supplyId, opensOn: addDays(today, 1), closesOn: addDays(today, 8) })));
    await feed('SUP-102', [addDays(today, -15)]);
    const service = metering();
    expect(await service.remindWindowsOpeningTomorrow(new Date())).toBe(2);
    expect(await service.alertSilentMeters(new Date(), { force: true })).toBe(1);
    expect((await notesOf(marioId(), 'meterSilence')).length).toBe(before.silence);
    expect((await notesOf(marioId(), 'readingWindowSoon')).length).toBe(before.soon);
    // The delegate, who kept the channels, is told.
    const luca = ctx.fixture.lucaUser.id;
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, luca),
          inArray(notifications.kind, ['meterSilence', 'readingWindowSoon']),
        ),
      );
    expect(told.length).toBeGreaterThan(0);
  });
});
