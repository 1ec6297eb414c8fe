// Price changes through the API (ADR 035, ADR 058): the notice's estimate is the domain's figure, VAT
// included, on the supply's own monthly use (the months its chart shows); the notice reaches the
// holder on a durable medium — an e-mail of its own to their contact address, or a letter the ERP is
// asked to post — whether or not they have an account, and whatever their consents; a stranger's
// supply and customer are refused; a notice that breaks the rule (sooner than its period allows,
// nothing changes, twice) is refused with nothing stored or sent. Through the integration API the ERP
// sends one, reports a letter's delivery (a late one owes its compensation) and the bill it was
// credited on.
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
import { supplyRow } from '@sportello/demo/world';
import {
  consumptions,
  contracts,
  customers,
  integrationEvents,
  integrationRecords,
  jobs,
  messages,
  notifications,
  offers,
  priceChanges,
  supplies,
  users,
} from '@sportello/db/schema';
import { call, loginAs, testConfig } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { recordCalls } from '../../../test/integration-records.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';
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
  const bearer = () =>
    createTokenKeys(ctx.db).sign(
      { clientId: 'cli_noticestest00000000', scopes: ['crm:write', 'events:read'], brands: ['sga'] },
      600,
      new Date(),
    );
  const { put, refusal } = recordCalls(ctx, () => bearer());
  /** The outbox's events of a kind about a notice. */
  const eventsOf = (kindName: string, noticeKey: string) =>
    ctx.db
      .select()
      .from(integrationEvents)
      .where(and(eq(integrationEvents.kind, kindName), eq(integrationEvents.entityKey, noticeKey)));
  /** A notice's mail job: the notice itself, to the holder's contact address. */
  const noticeMail = async (key: string) => {
    const [row] = await ctx.db.select().from(priceChanges).where(eq(priceChanges.key, key));
    const [mail] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `mail:price-change:${row!.id}`));
    return mail?.payload as { to: string; subject: string; text: string } | undefined;
  };

  beforeAll(async () => {
    // Libero Neri has no account: a supply on the hourly offer, which the ERP loaded.
    const [free] = await ctx.db.select().from(customers).where(eq(customers.key, 'CUS-FREE'));
    const [freeContract] = await ctx.db.select().from(contracts).where(eq(contracts.key, 'CTR-FREE-8'));
    const [offer] = await ctx.db.select().from(offers).where(eq(offers.key, 'OFF-1'));
    await ctx.db.insert(supplies).values(
      supplyRow({
        key: 'SUP-FREE',
        extKey: 'EXT-SUP-FREE',
        contractId: freeContract!.id,
        customerId: free!.id,
        offerId: offer!.id,
        commodity: 'electricity',
        pointCode: 'IT001E00000888',
        address: 'Via Libera 8',
        postalCode: '00153',
        locality: 'Roma',
        province: 'RM',
        activationDate: '2024-01-01',
      }),
    );
    const [sup1, supFree] = await Promise.all(
      ['SUP-1', 'SUP-FREE'].map(
        async (key) => (await ctx.db.select().from(supplies).where(eq(supplies.key, key)))[0]!,
      ),
    );
    await ctx.db.insert(integrationRecords).values([
      { companyCode: 'sga', kind: 'supply', extKey: 'EXT-SUP-1', entityId: sup1!.id, version: 1 },
      { companyCode: 'sga', kind: 'supply', extKey: 'EXT-SUP-FREE', entityId: supFree!.id, version: 1 },
      {
        companyCode: 'sga',
        kind: 'contract',
        extKey: 'EXT-CTR-FREE',
        entityId: freeContract!.id,
        version: 1,
      },
      {
        companyCode: 'sga',
        kind: 'bill',
        extKey: 'ERP-B6',
        entityId: ctx.world.invoices['INV-6']!.id,
        version: 1,
      },
      {
        companyCode: 'sga',
        kind: 'bill',
        extKey: 'ERP-B-OTHER',
        entityId: ctx.world.invoices['INV-9']!.id,
        version: 1,
      },
    ]);
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
      customerType: 'private',
      commodity: 'electricity',
      today,
    })!;
    // The same figure, counted by hand: 1 cent more per kWh over the year's kWh, and a household's 10 % VAT.
    const kwh = uses.reduce((sum, u) => sum + u.quantity, 0);
    expect(expected.yearlyEffectCents).toBe(Math.round(kwh * 1.1));
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
      medium: 'email',
      receivedOn: today,
      lateCompensation: null,
      penaltyFreeUntil: penaltyFreeUntil(effectiveOn),
      changes: [
        { label: 'Energia (spread sul PUN)', unit: 'kWh', hourly: true, oldMilliEuro: 12, newMilliEuro: 22 },
      ],
      estimate: {
        yearlyEffectCents: expected.yearlyEffectCents,
        quantity: expected.quantity,
        unit: 'kWh',
        monthsCounted: 12,
        vatPercent: 10,
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
    expect(body).toContain('IVA inclusa');
    expect(body).toContain('Come recedere senza oneri');
  });

  it('reaches the holder by an e-mail of its own to their contact address, whatever their consents', async () => {
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
    const { key, messageKey } = await services().priceChanges.announce(
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
    // The notice itself, whole, to the customer's contact e-mail (not the login's), in a mail of its own.
    const mail = await noticeMail(key);
    expect(mail).toMatchObject({ to: 'cus-mario@example.it', subject: message!.title });
    expect(mail!.text).toContain('Gentile Mario Rossi,');
    expect(mail!.text).toContain(message!.body.split('\n\n')[0]);
    expect(mail!.text).toContain('Come recedere senza oneri');
    expect(await eventsOf('priceChange.letterRequested', key)).toEqual([]);
  });

  it('reaches a customer with no account: by e-mail, or by a letter the ERP posts when no e-mail is on file', async () => {
    const freeNotices = async () =>
      ctx.db
        .select()
        .from(priceChanges)
        .innerJoin(supplies, eq(supplies.id, priceChanges.supplyId))
        .where(eq(supplies.key, 'SUP-FREE'));
    expect(await freeNotices()).toEqual([]);
    const byMail = await services().priceChanges.announce(
      // Two months after the other tests' day: the letter below takes the earliest ones.
      {
        supplyKey: 'SUP-FREE',
        prices: NEW_PRICES,
        effectiveOn: `${addDays(effectiveOn, 62).slice(0, 7)}-01`,
      },
      now,
    );
    expect(await noticeMail(byMail.key)).toMatchObject({ to: 'cus-free@example.it' });

    // Without an e-mail on file: a letter, its words and the ERP's keys in the outbox; received ten
    // days after posting, so the period counts from then.
    await ctx.db.update(customers).set({ email: null }).where(eq(customers.key, 'CUS-FREE'));
    const letterReceived = addDays(today, 10);
    const tooSoon = addDays(earliestChangeDate(letterReceived), -1);
    await expect(
      services().priceChanges.announce(
        { supplyKey: 'SUP-FREE', prices: NEW_PRICES, effectiveOn: tooSoon },
        now,
      ),
    ).rejects.toMatchObject({ statusCode: 422, code: 'price_change_late' });
    const byLetter = await services().priceChanges.announce(
      { supplyKey: 'SUP-FREE', prices: NEW_PRICES, effectiveOn: earliestChangeDate(letterReceived) },
      now,
    );
    expect(await noticeMail(byLetter.key)).toBeUndefined();
    const [letter] = await eventsOf('priceChange.letterRequested', byLetter.key);
    expect(letter!.payload).toMatchObject({
      noticeKey: byLetter.key,
      supplyExtKey: 'EXT-SUP-FREE',
      contractExtKey: 'EXT-CTR-FREE',
      effectiveOn: earliestChangeDate(letterReceived),
      title: 'Cambiano i prezzi della tua offerta Offerta 1',
    });
    expect((letter!.payload as { body: string }).body).toContain('Come recedere senza oneri');
    const [row] = await ctx.db.select().from(priceChanges).where(eq(priceChanges.key, byLetter.key));
    expect(row).toMatchObject({ medium: 'letter', receivedOn: letterReceived });
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
      // 12 months × 10 € and a household's 10 % VAT: a monthly price needs no use to estimate on.
      estimate: { yearlyEffectCents: 13_200, monthsCounted: 0, vatPercent: 10 },
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
      // Sooner than three months from the first of the month after the e-mail.
      [() => announce({ effectiveOn: addDays(earliestChangeDate(today), -1) }), 422, 'price_change_late'],
      // A cut needs one month: sooner than that too.
      [
        () =>
          announce({
            prices: [{ ...NEW_PRICES[0]!, milliEuro: 5 }],
            effectiveOn: addDays(earliestChangeDate(today, 'cut'), -1),
          }),
        422,
        'price_change_late',
      ],
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
      .values({ ...first!, id: undefined, key: 'VAR-OLD', effectiveOn: addDays(today, -1) });
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-1/priceChanges`, { sessionId: mario });
    const keys = res.json().data.priceChanges.map((c: { key: string }) => c.key);
    expect(keys).not.toContain('VAR-OLD');
    expect(keys.length).toBeGreaterThan(0);
  });

  describe('through the integration API', () => {
    const later = (months: number) => `${addDays(effectiveOn, 31 * months).slice(0, 7)}-01`;
    const record = (fields: Record<string, unknown>) => ({
      version: 1,
      supplyExtKey: 'EXT-SUP-1',
      prices: [{ label: 'Energia (spread sul PUN)', milliEuro: 40, unit: 'kWh', hourly: true }],
      effectiveOn: later(3),
      ...fields,
    });
    /** The notice the ERP loaded by `extKey`. */
    const rowOf = async (extKey: string) => {
      const [held] = await ctx.db
        .select()
        .from(integrationRecords)
        .where(and(eq(integrationRecords.kind, 'priceChange'), eq(integrationRecords.extKey, extKey)));
      return (await ctx.db.select().from(priceChanges).where(eq(priceChanges.id, held!.entityId)))[0];
    };
    /** Mario's supply page's notice the ERP loaded by `extKey`. */
    const noticeOf = async (extKey: string) => {
      const row = await rowOf(extKey);
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-1/priceChanges`, { sessionId: mario });
      return res.json().data.priceChanges.find((c: { key: string }) => c.key === row!.key);
    };

    it('sends the ERP’s notice by e-mail, refusing a day sooner than the rule counts with the earliest one', async () => {
      const earliest = earliestChangeDate(today);
      const late = await put('price-changes/VAR-ERP-1', record({ effectiveOn: addDays(earliest, -1) }));
      refusal(late, 'price_change_late');
      expect(late.json().errors[0]).toMatchObject({ field: 'effectiveOn', code: 'price_change_late' });
      expect(late.json().errors[0].message).toMatch(/Con questa comunicazione, dal \d{1,2} \p{L}+ \d{4}\.$/u);

      const res = await put('price-changes/VAR-ERP-1', record({}));
      expect(res.json().data, res.body).toMatchObject({ outcome: 'created', version: 1 });
      const notice = await noticeOf('VAR-ERP-1');
      expect(notice).toMatchObject({ medium: 'email', receivedOn: today, lateCompensation: null });
      expect(notice.estimate.vatPercent).toBe(10);
      expect(await noticeMail(notice.key)).toMatchObject({ to: 'cus-mario@example.it' });
      // The same again changes nothing; a newer version may not change what the letter said.
      expect((await put('price-changes/VAR-ERP-1', record({}))).json().data.outcome).toBe('unchanged');
      refusal(
        await put('price-changes/VAR-ERP-1', record({ version: 2, effectiveOn: later(4) })),
        'price_change_sent',
      );
    });

    it('keeps a letter the ERP delivered late, owes its compensation once and shows the bill it was credited on', async () => {
      // The ERP posted it itself and reports it delivered today: too late for the day it names.
      const tooSoon = addDays(earliestChangeDate(today), -1);
      const first = await put(
        'price-changes/VAR-ERP-2',
        record({ effectiveOn: tooSoon, deliveredOn: today }),
      );
      expect(first.json().data.outcome, first.body).toBe('created');
      const notice = await noticeOf('VAR-ERP-2');
      expect(notice).toMatchObject({
        medium: 'letter',
        receivedOn: today,
        lateCompensation: { amountCents: 3000, invoice: null },
      });
      // The portal posts nothing (the ERP did), and tells the ERP to credit the compensation.
      expect(await noticeMail(notice.key)).toBeUndefined();
      expect(await eventsOf('priceChange.letterRequested', notice.key)).toEqual([]);
      const [owed] = await eventsOf('priceChange.compensationOwed', notice.key);
      expect(owed!.payload).toMatchObject({
        noticeExtKey: 'VAR-ERP-2',
        supplyExtKey: 'EXT-SUP-1',
        amountCents: 3000,
        effectiveOn: tooSoon,
      });

      // Credited on another customer's bill: refused; on Mario's own: shown, and owed only once.
      refusal(
        await put(
          'price-changes/VAR-ERP-2',
          record({
            version: 2,
            effectiveOn: tooSoon,
            deliveredOn: today,
            compensationBillExtKey: 'ERP-B-OTHER',
          }),
        ),
        'price_change_bill_mismatch',
      );
      const credited = await put(
        'price-changes/VAR-ERP-2',
        record({ version: 2, effectiveOn: tooSoon, deliveredOn: today, compensationBillExtKey: 'ERP-B6' }),
      );
      expect(credited.json().data.outcome, credited.body).toBe('updated');
      expect((await noticeOf('VAR-ERP-2')).lateCompensation).toEqual({
        amountCents: 3000,
        invoice: { key: 'INV-6', number: ctx.world.invoices['INV-6']!.number },
      });
      expect(await eventsOf('priceChange.compensationOwed', notice.key)).toHaveLength(1);
    });

    it('owes the compensation when a letter it asked for is delivered later than presumed', async () => {
      await ctx.db.update(customers).set({ email: null }).where(eq(customers.key, 'CUS-FREE'));
      const presumed = addDays(today, 10);
      // A month later than the earliest day: the earlier test's letter holds that one.
      const effective = `${addDays(earliestChangeDate(presumed), 31).slice(0, 7)}-01`;
      const free = { supplyExtKey: 'EXT-SUP-FREE', effectiveOn: effective };
      const res1 = await put('price-changes/VAR-ERP-3', record(free));
      expect(res1.json().data.outcome, res1.body).toBe('created');
      const row = await rowOf('VAR-ERP-3');
      expect(row).toMatchObject({ medium: 'letter', receivedOn: presumed });
      expect(await eventsOf('priceChange.letterRequested', row!.key)).toHaveLength(1);
      // Delivered in the month after the one the period needed: late by the rule's count.
      const delivered = `${addDays(effective, -80).slice(0, 7)}-15`;
      const res = await put(
        'price-changes/VAR-ERP-3',
        record({ ...free, version: 2, deliveredOn: delivered }),
      );
      expect(res.json().data.outcome, res.body).toBe('updated');
      const [owed] = await eventsOf('priceChange.compensationOwed', row!.key);
      expect(owed!.payload).toMatchObject({ receivedOn: delivered, amountCents: 3000 });
    });
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
