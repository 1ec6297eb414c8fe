// Offers, messages and proposals from the supplier's systems (ADR 040 items 10–12), on both databases:
// each as the customer's (or the logged-out offers page's) own call shows it, new and replayed,
// versions out of order, unknown references and another brand's keys refused per line, a message or
// proposal notified once, and a proposal the customer answered never reopened by the ERP.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integrationEvents, integrationRecords, notifications, offers, users } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { recordCalls } from '../../../test/integration-records.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const BASE = '/services/rest/integration/v1/brands';
const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('ERP offers, messages and proposals on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  const bearer = (brands = ['sga'], scopes = ['crm:write'] as const) =>
    createTokenKeys(ctx.db).sign({ clientId: 'cli_crmrecords00000000', scopes, brands }, 600, new Date());
  const { put, batch, outcome, refusal } = recordCalls(ctx, () => bearer());
  /** The fixture's rows as if the ERP had loaded them under these keys. */
  const loaded = async (kindName: string, extKey: string, entityId: number, brand = 'sga') =>
    ctx.db
      .insert(integrationRecords)
      .values({ companyCode: brand, kind: kindName, extKey, entityId, version: 1 })
      .onConflictDoNothing();
  /** How many times each of the customer's users (holder, delegates) was notified under this title. */
  const noticesTitled = async (customerId: number, title: string) =>
    (
      await ctx.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.customerId, customerId), eq(notifications.title, title)))
    ).reduce<Record<number, number>>(
      (times, n) => ({ ...times, [n.userId]: (times[n.userId] ?? 0) + 1 }),
      {},
    );
  /** Every user of mario's told once: mario himself among them. */
  const toldOnce = (times: Record<number, number>) => {
    expect(times[ctx.fixture.marioUser.id]).toBe(1);
    expect(Object.values(times).every((n) => n === 1)).toBe(true);
  };

  it("loads an offer with its prices into the brand's offers page; versions, replays, another brand's key", async () => {
    const offer = (version: number, name = 'Luce Web') => ({
      version,
      name,
      commodity: 'electricity',
      priceType: 'Fisso',
      description: 'Prezzo fisso per 12 mesi',
      prices: [
        { label: 'Energia', milliEuro: 119, unit: 'kWh' },
        { label: 'Commercializzazione', milliEuro: 9_900, unit: 'month' },
      ],
      conditions: ['Prezzo bloccato 12 mesi', 'Recesso gratuito'],
    });
    const page = async () => {
      const res = await call(ctx.app, 'GET', `${ERP}/offers?company=sga`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.offers as { key: string; name: string; description: string | null }[];
    };

    expect(outcome(await put('offers/OFF-WEB', offer(3)))).toBe('created');
    expect(outcome(await put('offers/OFF-WEB', offer(3)))).toBe('unchanged');
    expect(outcome(await put('offers/OFF-WEB', offer(2, 'Vecchio nome')))).toBe('stale');
    expect((await page()).filter((o) => o.name === 'Luce Web')).toHaveLength(1);
    expect(outcome(await put('offers/OFF-WEB', offer(4, 'Luce Web Plus')))).toBe('updated');
    const shown = await page();
    expect(shown.map((o) => o.name)).toContain('Luce Web Plus');
    expect(shown.map((o) => o.name)).not.toContain('Luce Web');
    // Read back by its key (ADR 056): the version held and the name the offers page shows.
    const read = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/sga/offers/OFF-WEB`,
      headers: { authorization: `Bearer ${await bearer()}` },
    });
    expect(read.json().data).toMatchObject({
      version: 4,
      portal: { name: 'Luce Web Plus', commodity: 'electricity' },
    });
    const [row] = await ctx.db.select().from(offers).where(eq(offers.extKey, 'OFF-WEB'));
    expect(row).toMatchObject({
      companyCode: 'sga',
      prices: [
        { label: 'Energia', milliEuro: 119, unit: 'kWh', hourly: false },
        { label: 'Commercializzazione', milliEuro: 9_900, unit: 'month', hourly: false },
      ],
      conditions: 'Prezzo bloccato 12 mesi\nRecesso gratuito',
    });

    // The brand's own offer under its ERP key is taken over (its customers see the new prices)…
    expect(outcome(await put('offers/EXT-OFF-2', offer(1, 'Offerta 2 rinnovata')))).toBe('created');
    expect((await page()).map((o) => o.name)).toContain('Offerta 2 rinnovata');
    // …another brand's is not: that key names one offer across brands (useExtKey).
    await ctx.db.update(offers).set({ companyCode: 'mes' }).where(eq(offers.extKey, 'EXT-OFF-9'));
    refusal(await put('offers/EXT-OFF-9', offer(1)), 'ext_key_taken');
    const [untouched] = await ctx.db.select().from(offers).where(eq(offers.extKey, 'EXT-OFF-9'));
    expect(untouched).toMatchObject({ companyCode: 'mes', name: 'Offerta 9' });

    // A bad line refuses itself, the batch goes on.
    const res = await batch('offers', [
      { extKey: 'OFF-GAS', ...offer(1, 'Gas Web'), commodity: 'gas' },
      { extKey: 'OFF-BAD', ...offer(1), prices: [] },
    ]);
    expect(res.json().data.counts).toMatchObject({ created: 1, refused: 1 });
    expect(res.json().data.results[1]).toMatchObject({ line: 2, code: 'invalid_input' });
  });

  it('posts a message to Messaggi and notifies the customer once; a newer version corrects it quietly', async () => {
    await loaded('customer', 'ERP-C-MARIO', ctx.fixture.mario.id);
    const mario = await loginAs(ctx.app, 'mario');
    const message = (version: number, body: string) => ({
      version,
      customerExtKey: 'ERP-C-MARIO',
      title: 'Manutenzione programmata',
      body,
    });
    const inbox = async () => {
      const res = await call(ctx.app, 'GET', `${ERP}/messages?customerKey=CUS-MARIO`, { sessionId: mario });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.messages as { title: string; body: string; category: string }[]).filter(
        (m) => m.title === 'Manutenzione programmata',
      );
    };

    expect(outcome(await put('messages/MSG-ERP-1', message(1, 'Martedì dalle 9 alle 12.')))).toBe('created');
    expect(outcome(await put('messages/MSG-ERP-1', message(1, 'Martedì dalle 9 alle 12.')))).toBe(
      'unchanged',
    );
    expect(await inbox()).toEqual([
      expect.objectContaining({ body: 'Martedì dalle 9 alle 12.', category: 'Comunicazioni' }),
    ]);
    expect(outcome(await put('messages/MSG-ERP-1', message(3, 'Mercoledì dalle 9 alle 12.')))).toBe(
      'updated',
    );
    expect(outcome(await put('messages/MSG-ERP-1', message(2, 'Martedì dalle 9 alle 12.')))).toBe('stale');
    expect((await inbox()).map((m) => m.body)).toEqual(['Mercoledì dalle 9 alle 12.']);
    toldOnce(await noticesTitled(ctx.fixture.mario.id, 'Manutenzione programmata'));

    // A customer the ERP has not loaded; a message that would move to another customer.
    const unknown = await put('messages/MSG-ERP-2', { ...message(1, 'x'), customerExtKey: 'ERP-C-NOPE' });
    refusal(unknown, 'unknown_customer');
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'customerExtKey' })]);
    await loaded('customer', 'ERP-C-ANNA', ctx.fixture.anna.id);
    refusal(
      await put('messages/MSG-ERP-1', { ...message(4, 'x'), customerExtKey: 'ERP-C-ANNA' }),
      'message_moved',
    );
    expect((await inbox()).map((m) => m.body)).toEqual(['Mercoledì dalle 9 alle 12.']);
  });

  it("refuses another brand's customer, and a token of another brand", async () => {
    // The mes customer loaded under mes: an sga message naming that key finds no sga customer.
    await loaded('customer', 'ERP-C-MES', ctx.fixture.mesCustomer.id, 'mes');
    const res = await put('messages/MSG-MES', {
      version: 1,
      customerExtKey: 'ERP-C-MES',
      title: 'Per un altro marchio',
      body: 'No.',
    });
    refusal(res, 'unknown_customer');
    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: `${BASE}/mes/messages/MSG-MES`,
      headers: { authorization: `Bearer ${await bearer(['sga'])}` },
      payload: { request: { version: 1, customerExtKey: 'ERP-C-MES', title: 'Per mes', body: 'No.' } },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await noticesTitled(ctx.fixture.mesCustomer.id, 'Per mes')).toEqual({});
  });

  it('loads a proposal the customer sees and is told of once; once answered the ERP never reopens it', async () => {
    await loaded('customer', 'ERP-C-MARIO', ctx.fixture.mario.id);
    await loaded('contract', 'ERP-K-1', ctx.world.contracts['CTR-1']!.id);
    await loaded('contract', 'ERP-K-ANNA', ctx.world.contracts['CTR-2']!.id);
    // A proposal is commercial news: told to those who chose to hear it (SPEC §3 flags).
    await ctx.db
      .update(users)
      .set({ receiveCommercialNotifications: true })
      .where(eq(users.id, ctx.fixture.marioUser.id));
    const mario = await loginAs(ctx.app, 'mario');
    const proposal = (version: number, title = 'Passa a Luce Web') => ({
      version,
      customerExtKey: 'ERP-C-MARIO',
      contractExtKey: 'ERP-K-1',
      title,
      description: 'Prezzo fisso per 24 mesi.',
      price: { energyMicroEuro: 119_000, unit: 'kWh', fixedFeeCentsPerMonth: 800 },
      effectiveDate: '2027-01-01',
    });
    const listed = async () => {
      const res = await call(ctx.app, 'GET', `${ERP}/proposals?customerKey=CUS-MARIO`, { sessionId: mario });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.proposals as { key: string; title: string }[]).filter((p) =>
        p.title.startsWith('Passa a Luce Web'),
      );
    };

    expect(outcome(await put('proposals/PRP-ERP-1', proposal(1)))).toBe('created');
    expect(outcome(await put('proposals/PRP-ERP-1', proposal(1)))).toBe('unchanged');
    expect(outcome(await put('proposals/PRP-ERP-1', proposal(2, 'Passa a Luce Web 24')))).toBe('updated');
    expect(outcome(await put('proposals/PRP-ERP-1', proposal(1)))).toBe('stale');
    const [shown] = await listed();
    expect(shown).toMatchObject({ title: 'Passa a Luce Web 24' });
    const detail = await call(ctx.app, 'GET', `${ERP}/proposals/${shown!.key}`, { sessionId: mario });
    expect(detail.json().data).toMatchObject({
      contract: { key: 'CTR-1' },
      price: { energyMicroEuro: 119_000, unit: 'kWh', fixedFeeCentsPerMonth: 800 },
      effectiveDate: '2027-01-01',
      actionSelected: null,
    });
    toldOnce(await noticesTitled(ctx.fixture.mario.id, 'Passa a Luce Web'));
    expect(await noticesTitled(ctx.fixture.mario.id, 'Passa a Luce Web 24')).toEqual({});

    // The customer accepts: the ERP hears it as `proposal.answered`, and its next version is refused.
    const answer = await call(ctx.app, 'PUT', `${ERP}/proposals`, {
      sessionId: mario,
      body: { id: shown!.key, actionSelected: 'accepted' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const events = await ctx.db
      .select()
      .from(integrationEvents)
      .where(
        and(eq(integrationEvents.kind, 'proposal.answered'), eq(integrationEvents.entityKey, shown!.key)),
      );
    expect(events).toHaveLength(1);
    refusal(await put('proposals/PRP-ERP-1', proposal(5, 'Riaperta')), 'proposal_answered_by_customer');
    expect(outcome(await put('proposals/PRP-ERP-1', proposal(1)))).toBe('stale');
    const after = await call(ctx.app, 'GET', `${ERP}/proposals/${shown!.key}`, { sessionId: mario });
    expect(after.json().data).toMatchObject({ title: 'Passa a Luce Web 24', actionSelected: 'accepted' });

    // Unknown customer or contract, another customer's contract: refused per line.
    const res = await batch('proposals', [
      { extKey: 'PRP-ERP-2', ...proposal(1), customerExtKey: 'ERP-C-NOPE' },
      { extKey: 'PRP-ERP-3', ...proposal(1), contractExtKey: 'ERP-K-NOPE' },
      { extKey: 'PRP-ERP-4', ...proposal(1), contractExtKey: 'ERP-K-ANNA' },
      { extKey: 'PRP-ERP-5', ...proposal(1, 'Passa a Luce Web senza contratto'), contractExtKey: null },
    ]);
    expect(
      res.json().data.results.map((r: { outcome: string; code?: string }) => r.code ?? r.outcome),
    ).toEqual(['unknown_customer', 'unknown_contract', 'proposal_contract_mismatch', 'created']);
    expect((await listed()).map((p) => p.title).sort()).toEqual([
      'Passa a Luce Web 24',
      'Passa a Luce Web senza contratto',
    ]);
  });
});
