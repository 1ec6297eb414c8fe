// The kinds of ADR 040 through the integration API, on both databases: payments collected elsewhere
// lower what a bill owes as the portal shows it (and a returned direct debit owes it again), readings
// and verdicts on self-readings (a refusal shows its reason and tells the customer once), the phase
// of a request in Pratiche and the answer to a complaint, each told to the customer; versions out of
// order, replays, unknown references and bad lines answered per line.
import { and, eq, gte, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { erpMetering, MESSAGES } from '@sportello/contract';
import {
  collectedPayments,
  consumptionDays,
  consumptions,
  integrationRecords,
  messages,
  quotations,
  readings,
  readingWindows,
} from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { identifiers, send as sendCall, validInput } from '../../../test/access-world.js';
import { databaseKinds } from '../../../test/databases.js';
import { recordCalls } from '../../../test/integration-records.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const BASE = '/services/rest/integration/v1/brands/sga';
const MARKET = '/services/rest/integration/v1/market';
const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('ERP records of ADR 040 on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  const bearer = () =>
    createTokenKeys(ctx.db).sign(
      {
        clientId: 'cli_kindstest0000000000',
        scopes: ['billing:write', 'metering:write', 'crm:write'],
        brands: ['sga'],
      },
      600,
      new Date(),
    );
  const { put, batch, outcome, refusal } = recordCalls(ctx, () => bearer());
  /** Market prices, by a client with the market's scope (and whatever brands). */
  const marketBatch = async (lines: unknown[], brands = ['sga']) =>
    ctx.app.inject({
      method: 'POST',
      url: `${MARKET}/prices`,
      headers: {
        authorization: `Bearer ${await createTokenKeys(ctx.db).sign(
          { clientId: 'cli_kindsmarket00000000', scopes: ['market:write'], brands },
          600,
          new Date(),
        )}`,
        'content-type': 'application/x-ndjson',
      },
      payload: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    });
  /** The fixture's rows as if the ERP had loaded them under these keys. */
  const loaded = async (kindName: string, extKey: string, entityId: number) =>
    ctx.db
      .insert(integrationRecords)
      .values({ companyCode: 'sga', kind: kindName, extKey, entityId, version: 1 })
      .onConflictDoNothing();
  const messagesTitled = async (customerId: number, title: string) =>
    ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, customerId), eq(messages.title, title)));

  it('lowers what a bill owes by payments collected elsewhere, as the bill page and the list show it', async () => {
    const bill = ctx.world.invoices['INV-6']!;
    await loaded('bill', 'ERP-B6', bill.id);
    const mario = await loginAs(ctx.app, 'mario');
    const owed = async () => {
      const res = await call(ctx.app, 'GET', `${ERP}/invoices/INV-6`, { sessionId: mario });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      return [data.outstandingCents, data.paymentLevel];
    };
    const payment = (version: number, extra: Record<string, unknown> = {}) => ({
      version,
      billExtKey: 'ERP-B6',
      amountCents: 1_321,
      collectedOn: '2025-07-01',
      channel: 'post',
      ...extra,
    });

    expect(outcome(await put('payments/PAY-1', payment(1)))).toBe('created');
    expect(await owed()).toEqual([3_000, 'PartiallyPaid']);
    // A replay takes nothing more off; an older version is stale.
    expect(outcome(await put('payments/PAY-1', payment(1)))).toBe('unchanged');
    expect(await owed()).toEqual([3_000, 'PartiallyPaid']);
    // The rest by direct debit: paid.
    const second = await batch('payments', [
      { extKey: 'PAY-2', ...payment(5, { amountCents: 3_000, channel: 'directDebit' }) },
    ]);
    expect(second.json().data.counts).toMatchObject({ created: 1, refused: 0 });
    expect(await owed()).toEqual([0, 'Paid']);
    // The bank returns the direct debit: owed again, by that much only.
    expect(
      outcome(
        await put(
          'payments/PAY-2',
          payment(6, { amountCents: 3_000, channel: 'directDebit', returned: true }),
        ),
      ),
    ).toBe('updated');
    expect(await owed()).toEqual([3_000, 'PartiallyPaid']);
    expect(outcome(await put('payments/PAY-2', payment(4, { amountCents: 3_000 })))).toBe('stale');
    expect(await owed()).toEqual([3_000, 'PartiallyPaid']);
    // The first payment corrected to nothing collected: the whole bill is owed, Unpaid.
    expect(outcome(await put('payments/PAY-1', payment(2, { returned: true })))).toBe('updated');
    expect(await owed()).toEqual([4_321, 'Unpaid']);

    refusal(await put('payments/PAY-3', payment(1, { billExtKey: 'ERP-NOPE' })), 'unknown_bill');
    await loaded('bill', 'ERP-B4', ctx.world.invoices['INV-4']!.id);
    refusal(await put('payments/PAY-1', payment(9, { billExtKey: 'ERP-B4' })), 'payment_moved');
    const lines = await batch('payments', [
      '{ not json',
      { ...payment(1) },
      { extKey: 'PAY-4', ...payment(1, { amountCents: -5 }) },
      { extKey: 'PAY-5', ...payment(1, { billExtKey: 'ERP-MISSING' }) },
    ]);
    expect(lines.json().data.results.map((r: { code?: string }) => r.code)).toEqual([
      'invalid_line',
      'ext_key_missing',
      'invalid_input',
      'unknown_bill',
    ]);
    // Nothing of a refused line is left.
    expect(await ctx.db.$count(collectedPayments)).toBe(2);
  });

  it('loads readings, and a refused self-reading shows its reason and tells the customer once', async () => {
    const supply = ctx.world.supplies['SUP-1']!;
    await loaded('supply', 'ERP-SUP-1', supply.id);
    const mario = await loginAs(ctx.app, 'mario');
    const archive = async () => {
      const res = await call(ctx.app, 'GET', `${ERP}/readings?supplyKey=SUP-1&startDate=2020-01-01`, {
        sessionId: mario,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.readings as {
        readingDate: string;
        id: string;
        source: string;
        status: string;
        note: string | null;
        values: Record<string, number>;
      }[];
    };
    const actual = {
      version: 1,
      supplyExtKey: 'ERP-SUP-1',
      readingDate: '2025-06-30',
      source: 'distributor',
      status: 'validated',
      values: { F1: 1_200, F2: 900, F3: 700 },
    };
    expect(outcome(await put('readings/RD-1', actual))).toBe('created');
    expect(
      outcome(await put('readings/RD-1', { ...actual, version: 2, values: { F1: 1_210, F2: 900, F3: 700 } })),
    ).toBe('updated');
    expect(outcome(await put('readings/RD-1', actual))).toBe('stale');
    const mine = (await archive()).filter(
      (r) => r.readingDate === '2025-06-30' && r.source === 'distributor',
    );
    expect(mine.map((r) => r.values.F1)).toEqual([1_210]);
    refusal(await put('readings/RD-2', { ...actual, values: null }), 'reading_values_missing');
    refusal(await put('readings/RD-3', { ...actual, supplyExtKey: 'ERP-NOPE' }), 'unknown_supply');

    // The customer sends a self-reading; the ERP refuses it with a reason.
    const ids = identifiers(ctx, { owner: mario, delegate: mario, other: mario, guest: mario });
    const sent = await sendCall(
      ctx.app,
      erpMetering.insertReadings,
      validInput(erpMetering.insertReadings, 'owner', ids),
      mario,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [self] = await ctx.db
      .select()
      .from(readings)
      .where(and(eq(readings.supplyId, supply.id), eq(readings.source, 'self')));
    const verdict = {
      version: 10,
      supplyExtKey: 'ERP-SUP-1',
      readingDate: self!.readingDate,
      source: 'self',
      status: 'refused',
      selfReadingKey: `READING-${self!.id}`,
      message: 'Il valore F1 è inferiore alla lettura precedente.',
    };
    refusal(await put('readings/RD-SELF', { ...verdict, message: null }), 'reading_refusal_message_missing');
    refusal(
      await put('readings/RD-SELF', { ...verdict, selfReadingKey: 'READING-999999999' }),
      'unknown_reading',
    );
    expect(outcome(await put('readings/RD-SELF', verdict))).toBe('created');
    expect(outcome(await put('readings/RD-SELF', verdict))).toBe('unchanged');
    // A newer version that refuses it again tells nobody twice.
    expect(outcome(await put('readings/RD-SELF', { ...verdict, version: 11 }))).toBe('updated');
    const shown = (await archive()).find((r) => r.id === String(self!.id));
    expect(shown).toMatchObject({ status: 'refused', note: verdict.message });
    const told = await messagesTitled(ctx.fixture.mario.id, 'Autolettura non accettata');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(verdict.message);
  });

  it("loads a supply's reading window as the reading page shows it; moved days are told again", async () => {
    const supply = ctx.world.supplies['SUP-2']!;
    await loaded('supply', 'ERP-SUP-2', supply.id);
    await loaded('supply', 'ERP-SUP-3', ctx.world.supplies['SUP-3']!.id);
    const mario = await loginAs(ctx.app, 'mario');
    const page = async () =>
      (
        await call(ctx.app, 'GET', `${erpMetering.getReadingWindow.path}?supplyKey=${supply.key}`, {
          sessionId: mario,
        })
      ).json().data as { open: boolean; next: { opensOn: string; closesOn: string } | null };
    const window = { version: 1, supplyExtKey: 'ERP-SUP-2', opensOn: '2031-01-10', closesOn: '2031-01-14' };

    const backwards = await put('reading-windows/RW-1', { ...window, closesOn: '2031-01-09' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      { code: 'reading_window_invalid', message: MESSAGES.reading_window_invalid, field: 'closesOn' },
    ]);
    refusal(await put('reading-windows/RW-1', { ...window, supplyExtKey: 'ERP-NONE' }), 'unknown_supply');
    expect(outcome(await put('reading-windows/RW-1', window))).toBe('created');
    expect((await page()).next).toEqual({ opensOn: '2031-01-10', closesOn: '2031-01-14' });
    // Announced and reminded once: a newer version that moves the days clears both marks.
    await ctx.db
      .update(readingWindows)
      .set({ announcedAt: new Date(), remindedAt: new Date() })
      .where(eq(readingWindows.supplyId, supply.id));
    const moved = { ...window, version: 2, opensOn: '2031-01-12', closesOn: '2031-01-16' };
    expect(outcome(await put('reading-windows/RW-1', moved))).toBe('updated');
    expect(outcome(await put('reading-windows/RW-1', window))).toBe('stale');
    expect((await page()).next).toEqual({ opensOn: '2031-01-12', closesOn: '2031-01-16' });
    const [row] = await ctx.db.select().from(readingWindows).where(eq(readingWindows.supplyId, supply.id));
    expect(row).toMatchObject({ announcedAt: null, remindedAt: null });
    // A window stays on its supply; the refusal leaves it as it was.
    refusal(
      await put('reading-windows/RW-1', { ...moved, version: 3, supplyExtKey: 'ERP-SUP-3' }),
      'reading_window_moved',
    );
    expect((await page()).next).toEqual({ opensOn: '2031-01-12', closesOn: '2031-01-16' });
  });

  it("changes a request's phase as Pratiche shows it and tells the customer; answers a complaint", async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const phase = {
      version: 1,
      status: 'InLavorazione',
      phaseCode: 'IR050',
      note: 'Stiamo verificando i dati.',
    };
    expect(outcome(await put('requests/REQ-M2', phase))).toBe('created');
    expect(outcome(await put('requests/REQ-M2', phase))).toBe('unchanged');
    const read = await call(ctx.app, 'GET', `${ERP}/requests/REQ-M2`, { sessionId: mario });
    expect(read.json().data).toMatchObject({ Status: 'InLavorazione', PhaseCode: 'IR050' });
    expect(
      outcome(await put('requests/REQ-M2', { ...phase, version: 2, status: 'Chiuso', phaseCode: 'IR090' })),
    ).toBe('updated');
    expect(outcome(await put('requests/REQ-M2', phase))).toBe('stale');
    const closed = await call(ctx.app, 'GET', `${ERP}/requests/REQ-M2`, { sessionId: mario });
    expect(closed.json().data).toMatchObject({ Status: 'Chiuso', PhaseCode: 'IR090' });
    const told = await messagesTitled(ctx.fixture.mario.id, 'Aggiornamento della tua pratica');
    expect(told.map((m) => m.body)).toEqual([
      expect.stringContaining('In verifica. Stiamo verificando i dati.'),
      expect.stringContaining('Completata'),
    ]);
    refusal(await put('requests/REQ-NOPE', phase), 'unknown_request');

    const answer = {
      version: 1,
      answer: 'Abbiamo ricalcolato la bolletta.',
      answeredAt: '2026-01-10T09:00:00Z',
    };
    expect(outcome(await put('complaints/RCL-M', answer))).toBe('created');
    const complaint = await call(ctx.app, 'GET', `${ERP}/complaints/RCL-M`, { sessionId: mario });
    expect(complaint.json().data).toMatchObject({ state: 'answered', answer: answer.answer });
    expect(await messagesTitled(ctx.fixture.mario.id, 'Risposta al tuo reclamo')).toHaveLength(1);
    refusal(await put('complaints/RCL-NOPE', answer), 'unknown_complaint');
  });

  it('loads hourly and 15-minute curves into the hours and the daily rollup the charts read, and prices', async () => {
    const supply = ctx.world.supplies['SUP-1']!;
    await loaded('supply', 'ERP-SUP-1', supply.id);
    const day = '2026-03-29'; // clocks go forward in Rome: 23 hours
    const hoursOf = () =>
      ctx.db
        .select()
        .from(consumptions)
        .where(
          and(
            eq(consumptions.supplyId, supply.id),
            gte(consumptions.intervalStart, new Date('2026-03-28T23:00:00Z')),
            lt(consumptions.intervalStart, new Date('2026-03-29T22:00:00Z')),
          ),
        );
    const rollup = async () =>
      (
        await ctx.db
          .select()
          .from(consumptionDays)
          .where(and(eq(consumptionDays.supplyId, supply.id), eq(consumptionDays.day, day)))
      ).reduce((sum, r) => sum + r.quantity, 0);
    const curve = {
      version: 1,
      supplyExtKey: 'ERP-SUP-1',
      day,
      resolution: 'PT60M',
      quantities: Array(23).fill(500),
    };
    refusal(await put('curves/CV-1', { ...curve, quantities: Array(24).fill(500) }), 'curve_length_mismatch');
    expect(outcome(await put('curves/CV-1', curve))).toBe('created');
    expect(await hoursOf()).toHaveLength(23);
    expect(await rollup()).toBe(23 * 500);
    // The same day again in quarters (a newer version): four quarters make an hour.
    const quarters = { ...curve, version: 2, resolution: 'PT15M', quantities: Array(92).fill(100) };
    expect(outcome(await put('curves/CV-1', quarters))).toBe('updated');
    expect((await hoursOf()).map((h) => h.quantity)).toEqual(Array(23).fill(400));
    expect(await rollup()).toBe(23 * 400);
    expect(outcome(await put('curves/CV-1', curve))).toBe('stale');
    expect(await rollup()).toBe(23 * 400);
    // The bands are the hours' own (a Sunday: all F3).
    expect(new Set((await hoursOf()).map((h) => h.band))).toEqual(new Set(['F3']));

    const pun = { version: 1, market: 'PUN', day, resolution: 'PT60M', prices: Array(23).fill(120_000) };
    const zonal = {
      extKey: `NORD-${day}`,
      version: 1,
      market: 'NORD',
      day,
      resolution: 'PT15M',
      prices: Array(92).fill(110_000),
    };
    const loadedPrices = await marketBatch([
      { extKey: `PUN-${day}`, ...pun },
      zonal,
      { extKey: `PUN-${day}`, ...pun, version: 2, prices: Array(24).fill(1) },
      { extKey: 'PUN-1', ...pun, version: 3 },
    ]);
    expect(
      loadedPrices.json().data.results.map((r: { outcome: string; code?: string }) => r.code ?? r.outcome),
    ).toEqual(['created', 'created', 'curve_length_mismatch', 'price_key_mismatch']);
    const kept = async (type: string) =>
      ctx.db.$count(
        quotations,
        and(
          eq(quotations.quotationType, type),
          gte(quotations.intervalStart, new Date('2026-03-28T23:00:00Z')),
          lt(quotations.intervalStart, new Date('2026-03-29T22:00:00Z')),
        ),
      );
    expect(await kept('PUN')).toBe(23);
    expect(await kept('NORD_PT15M')).toBe(92);
    // The hourly PUN prices the day's hours in the rollup (ADR 019's quantity × PUN).
    const [priced] = await ctx.db
      .select()
      .from(consumptionDays)
      .where(and(eq(consumptionDays.supplyId, supply.id), eq(consumptionDays.day, day)));
    expect(priced!.quantityPun).toBe(23 * 400 * 120_000);
  });

  it('keeps market prices apart from every brand: their own scope, one version per market and day', async () => {
    const day = '2026-03-10';
    const pun = (version: number, price: number) => ({
      extKey: `PUN-${day}`,
      version,
      market: 'PUN',
      day,
      resolution: 'PT60M',
      prices: Array(24).fill(price),
    });
    // A brand's metering client may not write what every brand shows, neither by its brand's path…
    const brandClient = await bearer();
    const underBrand = await ctx.app.inject({
      method: 'PUT',
      url: `${BASE}/prices/PUN-${day}`,
      headers: { authorization: `Bearer ${brandClient}` },
      payload: { request: pun(1, 999_000) },
    });
    expect(underBrand.statusCode).toBe(404);
    // …nor by the market's.
    const withoutScope = await ctx.app.inject({
      method: 'PUT',
      url: `${MARKET}/prices/PUN-${day}`,
      headers: { authorization: `Bearer ${brandClient}` },
      payload: { request: pun(1, 999_000) },
    });
    expect(withoutScope.statusCode).toBe(403);
    // The market's clients share one version per market and day, whatever brands they also serve.
    const results = async (res: Awaited<ReturnType<typeof marketBatch>>) =>
      res.json().data.results.map((r: { outcome: string }) => r.outcome);
    expect(await results(await marketBatch([pun(5, 100_000)], ['sga']))).toEqual(['created']);
    expect(await results(await marketBatch([pun(2, 999_000)], ['mes']))).toEqual(['stale']);
    const kept = await ctx.db
      .select()
      .from(quotations)
      .where(
        and(
          eq(quotations.quotationType, 'PUN'),
          gte(quotations.intervalStart, new Date(`${day}T00:00:00+01:00`)),
          lt(quotations.intervalStart, new Date(`${day}T23:00:00+01:00`)),
        ),
      );
    expect(new Set(kept.map((q) => q.priceMilliEuroPerMwh))).toEqual(new Set([100_000]));
  });

  it('refuses a token of another brand and a token without the scope', async () => {
    const other = await createTokenKeys(ctx.db).sign(
      { clientId: 'cli_kindstest0000000001', scopes: ['billing:write'], brands: ['mes'] },
      600,
      new Date(),
    );
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${BASE}/payments/PAY-X`,
      headers: { authorization: `Bearer ${other}` },
      payload: {
        request: {
          version: 1,
          billExtKey: 'B-1',
          amountCents: 1,
          collectedOn: '2025-07-01',
          channel: 'bank',
        },
      },
    });
    expect(res.statusCode).toBe(403);
    const noScope = await ctx.app.inject({
      method: 'PUT',
      url: `/services/rest/integration/v1/brands/mes/readings/RD-X`,
      headers: { authorization: `Bearer ${other}` },
      payload: {
        request: {
          version: 1,
          supplyExtKey: 'S-1',
          readingDate: '2025-07-01',
          source: 'estimated',
          status: 'validated',
          values: { F1: 1 },
        },
      },
    });
    expect(noScope.statusCode).toBe(403);
  });
});
