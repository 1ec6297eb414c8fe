// Proposals (SPEC §4): visible only within their dates, answered once (also under a race), the answer
// confirmed by a message; workflow replies (module 6) once, with their feedback titles.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consumptions, jobs, messages, users } from '@sportello/db/schema';
import { estimateMonths, estimateProposalCost, hourInRome, tariffBand, todayInRome } from '@sportello/domain';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useMessagingTestApp } from '../../../test/messaging-fixture.js';

const ERP = 'portalapi/Erp/v1';
const TASK = 'portalapi/Wfm/v1/workflow/task-execute';

describe.each(databaseKinds)('proposals on %s', (kind) => {
  const ctx = useMessagingTestApp(kind);

  it('lists only the proposals within their dates', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${ERP}/proposals?customerKey=CUS-MARIO`, { sessionId: mario });
    expect(res.statusCode).toBe(200);
    const keys = res
      .json()
      .data.proposals.map((p: { key: string }) => p.key)
      .sort();
    expect(keys).toEqual(['PRP-CUR', 'PRP-DONE', 'PRP-M', 'PRP-OPEN', 'PRP-RACE']);
    expect(res.json().data.count).toBe(5);
  });

  it('answers “Proposta non trovata” outside the dates and for unknown ones', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const id of ['PRP-EXP', 'PRP-FUT', 'PRP-404']) {
      for (const url of [`${ERP}/proposals/${id}`, `${ERP}/proposals/${id}/check-rules`]) {
        const res = await call(ctx.app, 'GET', url, { sessionId: mario });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe('Proposta non trovata');
      }
    }
    const answer = await call(ctx.app, 'PUT', `${ERP}/proposals`, {
      sessionId: mario,
      body: { id: 'PRP-EXP', actionSelected: 'accepted' },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('refuses another customer’s proposal (403) in every call', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const [method, url, body] of [
      ['GET', `${ERP}/proposals/PRP-F`, undefined],
      ['GET', `${ERP}/proposals/PRP-F/check-rules`, undefined],
      ['PUT', `${ERP}/proposals`, { id: 'PRP-F', actionSelected: 'accepted' }],
      ['GET', `${ERP}/proposals?customerKey=CUS-OTHER`, undefined],
    ] as const) {
      const res = await call(ctx.app, method, url, { sessionId: mario, body });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('validates the answer', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const body of [{ id: 'PRP-CUR', actionSelected: 'maybe' }, { actionSelected: 'accepted' }, {}]) {
      const res = await call(ctx.app, 'PUT', `${ERP}/proposals`, { sessionId: mario, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('gives the price and the date the offer would apply from, for the review before accepting', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${ERP}/proposals/PRP-CUR`, { sessionId: mario });
    expect(res.json().data).toMatchObject({
      price: { energyMicroEuro: 128_500, unit: 'kWh', fixedFeeCentsPerMonth: 990 },
      effectiveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it("estimates the offer's yearly cost, VAT included, on the months of use the supply's chart shows", async () => {
    // One reading of the curve a day at noon for the last 400 days: SUP-1 (on CTR-1, PRP-CUR's contract).
    const today = todayInRome(new Date());
    const noon = Date.parse(`${today}T11:00:00Z`);
    await ctx.db.insert(consumptions).values(
      Array.from({ length: 400 }, (_, i) => {
        const start = new Date(noon - (i + 1) * 86_400_000);
        return {
          supplyId: ctx.world.supplies['SUP-1']!.id,
          intervalStart: start,
          quantity: 4_000 + ((i * 53) % 2_000),
          band: tariffBand(hourInRome(start)),
        };
      }),
    );
    const mario = await loginAs(ctx.app, 'mario');
    const { from, to } = estimateMonths(today);
    const chart = await call(
      ctx.app,
      'GET',
      `${ERP}/consumptions?supplyKey=SUP-1&from=${from}&to=${to}&granularity=month`,
      { sessionId: mario },
    );
    const uses = (chart.json().data.points as { period: string; milliUnits: Record<string, number> }[]).map(
      (p) => ({ month: p.period, quantity: Object.values(p.milliUnits).reduce((a, b) => a + b, 0) / 1000 }),
    );
    expect(uses).toHaveLength(12);
    // Mario is a household: 10 % VAT.
    const expected = estimateProposalCost({
      uses,
      energyMicroEuro: 128_500,
      fixedFeeCentsPerMonth: 990,
      customerType: 'private',
      commodity: 'electricity',
      today,
    })!;
    // Counted by hand: the year's kWh at 0,1285 €, twelve fees of 9,90 €, plus VAT.
    const kwh = uses.reduce((sum, u) => sum + u.quantity, 0);
    expect(expected.yearlyCents).toBe(Math.round((kwh * 12.85 + 12 * 990) * 1.1));

    const res = await call(ctx.app, 'GET', `${ERP}/proposals/PRP-CUR`, { sessionId: mario });
    expect(res.json().data.estimate).toEqual({ ...expected, unit: 'kWh' });
    // A guest opened from the proposal's link sees the same figure.
    const guest = await guestSession(ctx.app);
    expect(
      (await call(ctx.app, 'GET', `portalapi/Core/v1/links/prp-mario`, { sessionId: guest })).statusCode,
    ).toBe(200);
    const linked = await call(ctx.app, 'GET', `${ERP}/proposals/PRP-CUR`, { sessionId: guest });
    expect(linked.json().data.estimate).toEqual(res.json().data.estimate);
  });

  it('accepts after check-rules, once, and confirms it with a message', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const rules = await call(ctx.app, 'GET', `${ERP}/proposals/PRP-CUR/check-rules`, { sessionId: mario });
    expect(rules.json().data).toEqual({ allowed: true, refusals: [] });
    const res = await call(ctx.app, 'PUT', `${ERP}/proposals`, {
      sessionId: mario,
      body: { id: 'PRP-CUR', actionSelected: 'accepted' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ key: 'PRP-CUR', actionSelected: 'accepted' });
    const again = await call(ctx.app, 'PUT', `${ERP}/proposals`, {
      sessionId: mario,
      body: { id: 'PRP-CUR', actionSelected: 'rejected' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Hai già risposto a questa proposta.');
    const after = await call(ctx.app, 'GET', `${ERP}/proposals/PRP-CUR/check-rules`, { sessionId: mario });
    expect(after.json().data).toEqual({ allowed: false, refusals: ['already_answered'] });
    const confirmations = await ctx.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.customerId, ctx.fixture.mario.id),
          eq(messages.title, 'Abbiamo ricevuto la tua adesione'),
        ),
      );
    expect(confirmations).toHaveLength(1);
  });

  it('mails the confirmation to the holder who accepted, whatever their settings, not to a delegate', async () => {
    // Mario wants no news at all; Luca, his delegate, wants every mail.
    await ctx.db
      .update(users)
      .set({
        email: 'mario@example.it',
        receiveTechNotifications: false,
        receiveCommercialNotifications: false,
      })
      .where(eq(users.username, 'mario'));
    await ctx.db
      .update(users)
      .set({ email: 'luca@example.it', receiveTechNotifications: true, receiveCommercialNotifications: true })
      .where(eq(users.username, 'luca'));
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'PUT', `${ERP}/proposals`, {
      sessionId: mario,
      body: { id: 'PRP-OPEN', actionSelected: 'accepted' },
    });
    expect(res.statusCode).toBe(200);
    const mails = (await ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail')))
      .map((job) => job.payload as { to: string; subject: string })
      .filter((mail) => mail.subject === 'Abbiamo ricevuto la tua adesione');
    expect(mails.map((mail) => mail.to)).toEqual(['mario@example.it']);
  });

  it('keeps one answer when two arrive at once', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const answers = await Promise.all(
      (['accepted', 'rejected', 'accepted'] as const).map((actionSelected) =>
        call(ctx.app, 'PUT', `${ERP}/proposals`, {
          sessionId: mario,
          body: { id: 'PRP-RACE', actionSelected },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.actionSelected;
    const stored = await call(ctx.app, 'GET', `${ERP}/proposals/PRP-RACE`, { sessionId: mario });
    expect(stored.json().data.actionSelected).toBe(winner);
  });
});

describe.each(databaseKinds)('workflow replies on %s', (kind) => {
  const ctx = useMessagingTestApp(kind);
  const reply = (workflowId: string, value: string, taskName = 'ConfermaAppuntamento') => ({
    workflowId,
    reply: value,
    taskName,
  });

  it('records a reply once and answers its feedback title', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'POST', TASK, { sessionId: mario, body: reply('WF-2', 'refuse') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      workflowId: 'WF-2',
      taskName: 'ConfermaAppuntamento',
      reply: 'refuse',
      feedback: { title: 'Abbiamo registrato il tuo rifiuto', description: expect.any(String) },
    });
    const again = await call(ctx.app, 'POST', TASK, { sessionId: mario, body: reply('WF-2', 'confirm') });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Hai già risposto a questa richiesta.');
  });

  it('refuses a reply the task does not offer, a wrong task name, validation, others and unknown', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const cases: [unknown, number][] = [
      [reply('WF-1', 'reschedule'), 422],
      [reply('WF-1', 'confirm', 'AltroTask'), 422],
      [reply('WF-1', 'whatever'), 400],
      [{ workflowId: 'WF-1' }, 400],
      [reply('WF-F', 'confirm'), 403],
      [reply('WF-404', 'confirm'), 404],
    ];
    for (const [body, status] of cases) {
      const res = await call(ctx.app, 'POST', TASK, { sessionId: mario, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
  });
});
