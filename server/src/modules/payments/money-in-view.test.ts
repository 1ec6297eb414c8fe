// Money in view: a payment the customer completed on
// the gateway's page but the gateway has not confirmed shows on the bill and blocks a second one with
// a message naming the bill; installments are paid oldest first; a bill in installments is refused
// with the right words; a bill already asked in installments says since when; a brand without
// online payment answers how to pay the bill elsewhere.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyModules, confProperties } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { useBillingTestApp } from '../../../test/billing-fixture.js';
import { databaseKinds } from '../../../test/databases.js';

const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('money in view on %s', (kind) => {
  const ctx = useBillingTestApp(kind);
  const id = (key: string) => String(ctx.billing.invoices[key]!.id);
  const number = (key: string) => ctx.billing.invoices[key]!.number;
  const rata = (n: number) => String(ctx.billing.installments.find((i) => i.number === n)!.id);

  const pay = async (payKind: 'Invoices' | 'Installments', items: string[]) =>
    call(ctx.app, 'POST', `${ERP}/payments`, {
      sessionId: await loginAs(ctx.app, 'mario'),
      body: { payKind, items: items.map((i) => ({ id: i })) },
    });
  const get = async (path: string) =>
    (await call(ctx.app, 'GET', `${ERP}/${path}`, { sessionId: await loginAs(ctx.app, 'mario') })).json();

  it('refuses to pay a bill in installments as a whole with words that say so', async () => {
    const res = await pay('Invoices', [id('B6')]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Questa bolletta si paga a rate: paga le rate dalla pagina della bolletta.',
    );
    expect(res.json().message).not.toMatch(/rateizzata/);
  });

  it('refuses installment 3 while the overdue installment 2 is unpaid, and takes them in order', async () => {
    const skipping = await pay('Installments', [rata(3)]);
    expect(skipping.statusCode).toBe(422);
    expect(skipping.json().message).toBe(
      `Paga prima la rata n. 2 della bolletta n. ${number('B6')}: le rate si pagano in ordine di scadenza.`,
    );
    const inOrder = await pay('Installments', [rata(2), rata(3)]);
    expect(inOrder.statusCode).toBe(200);
    expect(inOrder.json().data.items.map((i: { label: string }) => i.label)).toEqual([
      `${number('B6')} rata 2`,
      `${number('B6')} rata 3`,
    ]);
  });

  it('shows a payment completed on the gateway but not yet notified as pending, and names the bill', async () => {
    const before = await get(`invoices/${id('B3')}`);
    expect(before.data.paymentPending).toBe(false);
    const started = (await pay('Invoices', [id('B3')])).json().data;
    // Started but not completed on the gateway's page: not yet a payment waiting for confirmation.
    expect((await get(`invoices/${id('B3')}`)).data.paymentPending).toBe(false);
    const mario = await loginAs(ctx.app, 'mario');
    await call(ctx.app, 'PUT', `${ERP}/payments`, {
      sessionId: mario,
      body: { id: started.key, userOutcome: 'OK' },
    });
    expect((await get(`invoices/${id('B3')}`)).data.paymentPending).toBe(true);
    const list = await get(`invoices?customerId=${ctx.fixture.mario.key}&outstandingOnly=true`);
    const flags = Object.fromEntries(
      list.data.invoices.map((i: { number: string; paymentPending: boolean }) => [
        i.number,
        i.paymentPending,
      ]),
    );
    expect(flags[number('B3')]).toBe(true);
    expect(flags[number('B7')]).toBe(false);
    // Chosen again with another bill: refused with the bill named, not a bare "this bill".
    const again = await pay('Invoices', [id('B7'), id('B3')]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `È già in corso un pagamento per la bolletta n. ${number('B3')}: attendi l'esito prima di riprovare.`,
    );
  });

  it('says when installments were asked for and no longer offers the request', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    expect((await get(`invoices/${id('B7')}`)).data.installmentRequest).toMatchObject({
      allowed: true,
      requestedOn: null,
    });
    const asked = await call(ctx.app, 'POST', `${ERP}/requests/installments`, {
      sessionId: mario,
      body: { invoiceId: id('B7'), contractKey: 'CTR-1', installmentsCount: 3 },
    });
    expect(asked.statusCode).toBe(200);
    expect((await get(`invoices/${id('B7')}`)).data.installmentRequest).toMatchObject({
      allowed: false,
      requestedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('answers how to pay offline where the brand has no online payment, with a code per bill', async () => {
    // The fixture's brand (sga) has `pay` disabled.
    await ctx.db.insert(confProperties).values([
      { companyCode: 'sga', name: 'Payment_iban', value: 'IT60X0542811101000000123456' },
      { companyCode: 'sga', name: 'Payment_beneficiary', value: 'Sole Gas Acqua S.p.A.' },
    ]);
    const offline = (await get(`invoices/${id('B4')}`)).data.offlinePayment;
    expect(offline).toMatchObject({
      iban: 'IT60X0542811101000000123456',
      beneficiary: 'Sole Gas Acqua S.p.A.',
      reason: `Bolletta n. ${number('B4')}`,
      // What to transfer, by when: what the customer must pay themselves (ADR 052).
      amountCents: (await get(`invoices/${id('B4')}`)).data.toPay.yoursCents,
    });
    expect(offline.amountCents).toBeGreaterThan(0);
    expect(offline.noticeCode).toMatch(/^3\d{17}$/);
    expect((await get(`invoices/${id('B4')}`)).data.offlinePayment.noticeCode).toBe(offline.noticeCode);
    expect((await get(`invoices/${id('B1')}`)).data.offlinePayment.noticeCode).not.toBe(offline.noticeCode);
    // A bill whose payment is being confirmed (B3, above) asks for nothing more.
    expect((await get(`invoices/${id('B3')}`)).data.offlinePayment).toBeNull();
    // Paid bills have nothing to pay offline.
    expect((await get(`invoices/${id('B5')}`)).data.offlinePayment).toBeNull();
    // With online payment enabled the bill is paid online.
    await ctx.db
      .update(companyModules)
      .set({ enabled: true })
      .where(and(eq(companyModules.companyCode, 'sga'), eq(companyModules.moduleKey, 'pay')));
    expect((await get(`invoices/${id('B4')}`)).data.offlinePayment).toBeNull();
  });
});

describe.each(databaseKinds)('bills by supply and year on %s', (kind) => {
  const ctx = useBillingTestApp(kind);

  it('filters the list by contract and by year of issue, with totals over what matches', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const list = async (query: string) =>
      (
        await call(ctx.app, 'GET', `${ERP}/invoices?customerId=${ctx.fixture.mario.key}&${query}`, {
          sessionId: mario,
        })
      ).json();
    const all = await list('pagingTake=100');
    const year = Number(ctx.billing.today.slice(0, 4));
    const ofYear = all.data.invoices.filter((i: { issueDate: string }) =>
      i.issueDate.startsWith(String(year)),
    );
    expect(ofYear.length).toBeGreaterThan(0);
    expect((await list(`year=${year}&pagingTake=100`)).data.count).toBe(ofYear.length);
    expect((await list(`year=${year - 5}`)).data).toMatchObject({ count: 0, invoices: [] });
    const byContract = await list('contractId=CTR-1&pagingTake=100');
    expect(byContract.data.count).toBe(
      all.data.invoices.filter((i: { contract: { key: string } }) => i.contract.key === 'CTR-1').length,
    );
    // Another customer's contract is refused, not answered with an empty list.
    const foreign = await call(
      ctx.app,
      'GET',
      `${ERP}/invoices?customerId=${ctx.fixture.mario.key}&contractId=CTR-3`,
      {
        sessionId: mario,
      },
    );
    expect([403, 404]).toContain(foreign.statusCode);
    const bad = await call(ctx.app, 'GET', `${ERP}/invoices?customerId=${ctx.fixture.mario.key}&year=abc`, {
      sessionId: mario,
    });
    expect(bad.statusCode).toBe(400);
  });
});
