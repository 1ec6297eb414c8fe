// Price changes through the API (issue 26 item 6, ADR 035): the notice's estimate is the domain's
// figure on the supply's own monthly use (the months its chart shows), the notice reaches the customer
// with every marketing and technical consent off, a stranger's supply and customer are refused, and a
// notice that breaks the rule (late, nothing changes, twice) is refused with nothing stored or sent.
import { and, count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  earliestChangeDate,
  estimateMonths,
  estimateUnilateralChange,
  hourInRome,
  penaltyFreeUntil,
  tariffBand,
  todayInRome,
  type PriceComponent,
} from '@sportello/domain';
import { consumptions, jobs, messages, notifications, priceChanges, users } from '@sportello/db/schema';
import { call, loginAs, testConfig } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createServices } from '../../wiring.js';

const ERP = 'portalapi/Erp/v1';
const DAY_MS = 86_400_000;

/** SUP-1's offer OFF-1: a 12-thousandths spread on the hourly PUN; the new one is 22. */
const NEW_PRICES: PriceComponent[] = [
  { label: 'Energia (spread sul PUN)', unit: 'kWh', milliEuro: 22, hourly: true },
];

describe.each(databaseKinds)('price changes on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const now = new Date();
  const today = todayInRome(now);
  // The first of a month at least three months away: how suppliers date a change.
  const effectiveOn = `${addDays(earliestChangeDate(today), 31).slice(0, 7)}-01`;
  const services = () => createServices(ctx.db, testConfig());

  beforeAll(async () => {
    // One reading of the curve a day at noon for the last 400 days: SUP-1's smart meter.
    const supplyId = ctx.world.supplies['SUP-1']!.id;
    const noon = Date.parse(`${today}T11:00:00Z`);
    await ctx.db.insert(consumptions).values(
      Array.from({ length: 400 }, (_, i) => {
        const start = new Date(noon - (i + 1) * DAY_MS);
        return {
          supplyId,
          intervalStart: start,
          quantity: 5_000 + ((i * 37) % 3_000),
          band: tariffBand(hourInRome(start)),
        };
      }),
    );
  });

  const storedChanges = async () => (await ctx.db.select({ n: count() }).from(priceChanges))[0]!.n;

  it('builds the notice with the domain’s estimate on the months the supply’s chart shows', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const announced = await services().priceChanges.announce(
      { supplyKey: 'SUP-1', prices: NEW_PRICES, effectiveOn },
      now,
    );
    expect(announced.key).toMatch(/^VAR-\d{4}-[0-9A-F]{6}$/);

    // The chart's months, as the customer sees them, priced by the domain.
    const { from, to } = estimateMonths(today);
    const chart = await call(
      ctx.app,
      'GET',
      `${ERP}/consumptions?supplyKey=SUP-1&from=${from}&to=${to}&granularity=month`,
      { sessionId: mario },
    );
    const points = chart.json().data.points as { period: string; milliUnits: Record<string, number> }[];
    expect(points).toHaveLength(12);
    const uses = points.map((p) => ({
      month: p.period,
      quantity: Object.values(p.milliUnits).reduce((a, b) => a + b, 0) / 1000,
    }));
    const expected = estimateUnilateralChange({
      uses,
      changes: [{ ...NEW_PRICES[0]!, oldMilliEuro: 12, newMilliEuro: 22 }],
      contractualPowerKw: 0,
      today,
    })!;
    // The same figure, counted by hand: 1 cent more per kWh over the year's kWh.
    const kwh = uses.reduce((sum, u) => sum + u.quantity, 0);
    expect(expected.yearlyEffectCents).toBe(Math.round(kwh));
    expect(expected.quantity).toBeCloseTo(kwh, 3);

    const res = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-1/priceChanges`, { sessionId: mario });
    expect(res.statusCode, res.body).toBe(200);
    const [notice] = res.json().data.priceChanges;
    expect(notice).toMatchObject({
      key: announced.key,
      supply: { key: 'SUP-1', commodity: 'electricity' },
      offer: { extKey: 'EXT-OFF-1', name: 'Offerta 1' },
      noticeOn: today,
      effectiveOn,
      penaltyFreeUntil: penaltyFreeUntil(effectiveOn),
      changes: [
        { label: 'Energia (spread sul PUN)', unit: 'kWh', hourly: true, oldMilliEuro: 12, newMilliEuro: 22 },
      ],
      estimate: {
        yearlyEffectCents: expected.yearlyEffectCents,
        quantity: expected.quantity,
        unit: 'kWh',
        monthsCounted: 12,
        from,
        to,
      },
      message: { key: announced.messageKey },
    });
    // The dashboard's list of the customer says the same.
    const all = await call(ctx.app, 'GET', `${ERP}/priceChanges?customerKey=CUS-MARIO`, { sessionId: mario });
    expect(all.json().data.priceChanges).toEqual([notice]);

    // The message is the notice, with the figure and the dates in words.
    const message = await call(ctx.app, 'GET', `${ERP}/messages/${announced.messageKey}`, {
      sessionId: mario,
    });
    const body = message.json().data.body as string;
    expect(message.json().data.title).toBe('Cambiano i prezzi della tua offerta Offerta 1');
    expect(body).toContain('da PUN + 0,012 €/kWh a PUN + 0,022 €/kWh');
    expect(body).toMatch(/Per te circa \+\d+\u00a0€ all’anno, stimato sui tuoi consumi degli ultimi 12 mesi/);
    expect(body).toContain(`+${Math.round(expected.yearlyEffectCents / 100)}\u00a0€`);
    expect(body).toContain('Puoi cambiare fornitore o offerta senza penali fino al');
  });

  it('reaches the customer with every marketing and technical consent off, by e-mail', async () => {
    const { marioUser } = ctx.fixture;
    await ctx.db
      .update(users)
      .set({
        email: 'mario.prezzi@example.it',
        receiveCommercialNotifications: false,
        receiveTechNotifications: false,
        userOptions: JSON.stringify({
          notifications: {
            message: { email: false, push: false },
            priceChange: { email: false, push: false },
          },
        }),
      })
      .where(eq(users.id, marioUser.id));
    const effective = `${addDays(effectiveOn, 40).slice(0, 7)}-01`;
    const { messageKey } = await services().priceChanges.announce(
      { supplyKey: 'SUP-1', prices: [{ ...NEW_PRICES[0]!, milliEuro: 30 }], effectiveOn: effective },
      now,
    );
    const [message] = await ctx.db.select().from(messages).where(eq(messages.key, messageKey));
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, marioUser.id), eq(notifications.title, message!.title)))
      // The first test's notice has the same title: this one is the newest.
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(note).toMatchObject({ kind: 'priceChange', customerId: ctx.fixture.mario.id });
    const [mail] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `mail:notification:${note!.id}`));
    expect(mail!.payload).toMatchObject({ to: 'mario.prezzi@example.it', subject: message!.title });
  });

  it("refuses another customer's supply and customer, and lists only the customer's own", async () => {
    // The stranger's supply has an offer without prices: a new price is a price added.
    await services().priceChanges.announce(
      {
        supplyKey: 'SUP-4',
        prices: [{ label: 'Quota fissa', unit: 'month', milliEuro: 10_000, hourly: false }],
        effectiveOn,
      },
      now,
    );
    const mario = await loginAs(ctx.app, 'mario');
    const refused = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-4/priceChanges`, { sessionId: mario });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('VAR-');
    const theirs = await call(ctx.app, 'GET', `${ERP}/priceChanges?customerKey=CUS-OTHER`, {
      sessionId: mario,
    });
    expect(theirs.statusCode).toBe(403);
    const own = await call(ctx.app, 'GET', `${ERP}/priceChanges?customerKey=CUS-MARIO`, { sessionId: mario });
    expect(own.json().data.priceChanges.map((c: { supply: { key: string } }) => c.supply.key)).not.toContain(
      'SUP-4',
    );
    const franco = await loginAs(ctx.app, 'franco');
    const his = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-4/priceChanges`, { sessionId: franco });
    expect(his.json().data.priceChanges[0]).toMatchObject({
      changes: [{ label: 'Quota fissa', oldMilliEuro: null, newMilliEuro: 10_000 }],
      // 12 months × 10 €: a monthly price needs no use to estimate on.
      estimate: { yearlyEffectCents: 12_000, monthsCounted: 0 },
    });
  });

  it('refuses a notice that breaks the rule, storing and sending nothing', async () => {
    const before = { changes: await storedChanges(), messages: await ctx.db.$count(messages) };
    const announce = (input: Partial<{ supplyKey: string; prices: PriceComponent[]; effectiveOn: string }>) =>
      services().priceChanges.announce(
        { supplyKey: 'SUP-1', prices: NEW_PRICES, effectiveOn, ...input },
        now,
      );
    // Each tried in turn: a promise made up front would be refused before anyone awaits it.
    const cases: [() => Promise<unknown>, number, string][] = [
      // Less than three months' notice.
      [() => announce({ effectiveOn: addDays(earliestChangeDate(today), -1) }), 422, 'price_change_late'],
      // The prices in force.
      [
        () =>
          announce({ prices: [{ ...NEW_PRICES[0]!, milliEuro: 12 }], effectiveOn: addDays(effectiveOn, 1) }),
        422,
        'price_change_nothing',
      ],
      // A gas price on an electricity supply.
      [
        () =>
          announce({
            prices: [{ label: 'Gas', unit: 'Smc', milliEuro: 500, hourly: false }],
            effectiveOn: addDays(effectiveOn, 2),
          }),
        422,
        'price_change_unit',
      ],
      // SUP-2 has no offer.
      [() => announce({ supplyKey: 'SUP-2' }), 422, 'price_change_no_offer'],
      // The same supply and day as the first test's notice.
      [() => announce({}), 409, 'price_change_exists'],
      [() => announce({ supplyKey: 'SUP-404' }), 404, 'not_found'],
    ];
    for (const [attempt, status, code] of cases)
      await expect(attempt()).rejects.toMatchObject({ statusCode: status, code });
    expect(await storedChanges()).toBe(before.changes);
    expect(await ctx.db.$count(messages)).toBe(before.messages);
  });

  it('leaves out a change that has already applied', async () => {
    const [first] = await ctx.db
      .select()
      .from(priceChanges)
      .where(eq(priceChanges.supplyId, ctx.world.supplies['SUP-1']!.id));
    await ctx.db
      .insert(priceChanges)
      .values({ ...first!, id: undefined, key: 'VAR-OLD', effectiveOn: addDays(today, -1), messageId: null });
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-1/priceChanges`, { sessionId: mario });
    const keys = res.json().data.priceChanges.map((c: { key: string }) => c.key);
    expect(keys).not.toContain('VAR-OLD');
    expect(keys.length).toBeGreaterThan(0);
  });

  it('closes the notices of a supply whose contract takes a proposal the customer accepts', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const pending = async (url: string) =>
      (await call(ctx.app, 'GET', url, { sessionId: mario })).json().data.priceChanges as {
        key: string;
        supply: { key: string };
      }[];
    const ofSupply = `${ERP}/supplies/SUP-1/priceChanges`;
    const ofCustomer = `${ERP}/priceChanges?customerKey=CUS-MARIO`;
    // SUP-1 is on CTR-1, the contract PRP-M offers new conditions for.
    expect(ctx.world.supplies['SUP-1']!.contractId).toBe(ctx.world.proposals['PRP-M']!.contractId);
    const { key } = await services().priceChanges.announce(
      { supplyKey: 'SUP-1', prices: NEW_PRICES, effectiveOn: `${addDays(effectiveOn, 75).slice(0, 7)}-01` },
      now,
    );
    expect((await pending(ofSupply)).map((c) => c.key)).toContain(key);
    const othersBefore = (await pending(ofCustomer)).filter((c) => c.supply.key !== 'SUP-1');

    const accepted = await call(ctx.app, 'PUT', `${ERP}/proposals`, {
      sessionId: mario,
      body: { id: 'PRP-M', actionSelected: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The new offer replaces the one whose prices were to change: the notice is no longer pending,
    // on the supply page or the dashboard; the other supplies' notices stay.
    expect(await pending(ofSupply)).toEqual([]);
    expect(await pending(ofCustomer)).toEqual(othersBefore);
  });
});
