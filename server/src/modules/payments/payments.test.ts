// Payments (SPEC §4, §7; ARCHITECTURE §9): the server computes the amount, one open payment per
// bill, the hosted test page charges once, and only the signed notification — replayed,
// reordered, forged or never sent — decides what is paid.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  installments,
  integrationEvents,
  integrationRecords,
  invoices,
  jobs,
  payments,
  testGatewayCheckouts,
} from '@sportello/db/schema';
import { SIGNATURE_HEADER, signBody } from '../../integrations/payments/gateway.js';
import {
  createTestGateway,
  NOTIFICATION_JOB,
  type Deliver,
} from '../../integrations/payments/test-gateway.js';
import { createJobQueue } from '../../jobs/queue.js';
import { createJobsRuntime } from '../../jobs/runtime.js';
import { createDevicesRepository } from '../devices/repository.js';
import { deliverInProcess } from './routes.js';
import { call, loginAs, testConfig } from '../../../test/app.js';
import { BILL_TOTAL, useBillingTestApp } from '../../../test/billing-fixture.js';
import { invoiceRow } from '@sportello/demo/world';
import { addDays } from '@sportello/domain';
import { MESSAGES } from '@sportello/contract';
import { databaseKinds } from '../../../test/databases.js';

const ERP = 'portalapi/Erp/v1';
const NOTIFY = '/services/rest/gateway/v1/notifications/1';
const SECRET = 'a-test-gateway-secret-of-this-suite';
const CARD_OK = 'action=pay&card=4242+4242+4242+4242&expiry=12%2F99&cvc=123';

/** Submits the test gateway's hosted card form. */
const submitForm = (app: FastifyInstance, url: string, payload: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe.each(databaseKinds)('payments on %s', (kind) => {
  const ctx = useBillingTestApp(kind, { PAYMENT_WEBHOOK_SECRET: SECRET });
  const id = (key: string) => String(ctx.billing.invoices[key]!.id);

  const pay = async (items: string[], extra: Record<string, unknown> = {}, sessionId?: string) =>
    call(ctx.app, 'POST', `${ERP}/payments`, {
      sessionId: sessionId ?? (await loginAs(ctx.app, 'mario')),
      body: { payKind: 'Invoices', items: items.map((i) => ({ id: i })), ...extra },
    });

  const notify = (body: object, signature?: string) => {
    const raw = JSON.stringify(body);
    return ctx.app.inject({
      method: 'POST',
      url: NOTIFY,
      payload: raw,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature ?? signBody(raw, SECRET) },
    });
  };

  /** The jobs worker the app runs every JOBS_POLL_MS (off in tests, so they control time). */
  const gatewayWorker = (deliver: Deliver = deliverInProcess(ctx.app, 1)) => {
    const queue = createJobQueue(ctx.db, { leaseMs: 60_000, maxAttempts: 3 });
    const gateway = createTestGateway(ctx.db, SECRET, queue);
    const config = testConfig({ JOBS_MAX_ATTEMPTS: '3' });
    return createJobsRuntime(ctx.db, config, {
      handlers: gateway.notificationHandlers(deliver),
      forgetDevice: createDevicesRepository(ctx.db).removeById,
    });
  };
  const runJobs = (now?: Date) => gatewayWorker().worker.runOnce(now);
  const submit = (url: string, payload: string) => submitForm(ctx.app, url, payload);

  const invoice = async (key: string) =>
    (await ctx.db.select().from(invoices).where(eq(invoices.key, key)))[0]!;
  const paymentRow = async (key: string) =>
    (await ctx.db.select().from(payments).where(eq(payments.key, key)))[0]!;

  it('computes the total from what is owed on several bills and opens a checkout', async () => {
    const res = await pay(['B7', id('B8')]);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      payKind: 'Invoices',
      gatewayId: 1,
      status: 'Pending',
      totalAmount: 2_001 + 1_500,
      items: [
        { kind: 'invoice', id: id('B7'), amountCents: 2_001 },
        { kind: 'invoice', id: id('B8'), amountCents: 1_500 },
      ],
    });
    expect(p.redirectUrl).toMatch(/^\/gateway\/test\/checkout\/chk_/);
    // Cancelled on the hosted page: the bills are free again and nothing was paid.
    const cancel = await submit(p.redirectUrl, 'action=cancel');
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/invoice/${id('B7')}/payment_ko?payment=${p.key}`);
    expect(await runJobs()).toBe(1);
    expect((await paymentRow(p.key)).status).toBe('Cancelled');
    expect((await invoice('B7')).outstandingCents).toBe(2_001);
  });

  it('refuses a tampered total, a paid bill, a bill in installments, someone else’s bill and bad input', async () => {
    const tampered = await pay(['B3'], { totalAmount: 1 });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().message).toBe(
      "L'importo non corrisponde a quanto dovuto: ricarica la pagina e riprova.",
    );
    expect((await pay(['B5'])).json().message).toBe('La bolletta risulta già pagata.');
    expect((await pay(['B6'])).statusCode).toBe(422);
    expect((await pay(['BF'])).statusCode).toBe(403);
    expect((await pay(['B3', 'BF'])).statusCode).toBe(403);
    expect((await pay(['NOPE'])).statusCode).toBe(404);
    expect((await pay([])).statusCode).toBe(400);
    expect((await pay(['B3', 'B3'])).statusCode).toBe(400);
    expect((await pay(['B3'], { payKind: 'Cash' })).statusCode).toBe(400);
    expect((await pay(['B3'], { gatewayId: 9 })).statusCode).toBe(400);
    // The fixture's own payments and the one of the first test.
    expect(await ctx.db.$count(payments)).toBe(Object.keys(ctx.world.payments).length + 1);
  });

  it('pays through the hosted page: the notification, not the return, marks the bill paid, once', async () => {
    const p = (await pay(['B3'])).json().data;
    const page = await ctx.app.inject({ method: 'GET', url: p.redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="card">Numero della carta</label>');
    expect(page.body).toContain('112,40');

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: p.redirectUrl,
      payload: 'action=pay&card=123&expiry=13/20&cvc=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('aria-invalid="true"');

    // The browser's outcome is only recorded.
    const mario = await loginAs(ctx.app, 'mario');
    const outcome = await call(ctx.app, 'PUT', `${ERP}/payments`, {
      sessionId: mario,
      body: { id: p.key, userOutcome: 'OK', userOutcomeDate: '2026-03-01T10:00:00.000Z' },
    });
    expect(outcome.json().data).toMatchObject({
      status: 'Pending',
      userOutcome: 'OK',
      userOutcomeDate: '2026-03-01T10:00:00.000Z',
    });
    expect((await invoice('B3')).outstandingCents).toBe(BILL_TOTAL);

    const paid = await submit(p.redirectUrl, CARD_OK);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/invoice/${id('B3')}/payment_ok?payment=${p.key}`);
    // A second submit (back button, another tab) charges nothing more, and queues nothing more.
    const twice = await submit(p.redirectUrl, CARD_OK);
    expect(twice.statusCode).toBe(303);
    expect((await paymentRow(p.key)).status).toBe('Pending');
    expect(await runJobs()).toBe(1);
    expect((await paymentRow(p.key)).status).toBe('Paid');
    expect(await invoice('B3')).toMatchObject({ outstandingCents: 0, paymentLevel: 'Paid' });
    const read = await call(ctx.app, 'GET', `${ERP}/payments/${p.id}`, { sessionId: mario });
    expect(read.json().data).toMatchObject({ status: 'Paid', redirectUrl: null, totalAmount: BILL_TOTAL });
    expect((await pay(['B3'])).json().message).toBe('La bolletta risulta già pagata.');
  });

  it('retries a notification whose first delivery fails, on the jobs queue, and pays once', async () => {
    const second = ctx.billing.installments.find((i) => i.number === 2)!;
    await runJobs(); // what earlier tests left (their payments' mails)
    const p = (await pay([String(second.id)], { payKind: 'Installments' })).json().data;
    expect((await submit(p.redirectUrl, CARD_OK)).statusCode).toBe(303);
    const real = deliverInProcess(ctx.app, 1);
    const calls: number[] = [];
    // The portal answers 503 the first time (a deploy, a full pool), then takes it.
    const flaky: Deliver = async (body, headers) => {
      calls.push(calls.length);
      return calls.length === 1 ? false : real(body, headers);
    };
    const { worker } = gatewayWorker(flaky);
    expect(await worker.runOnce()).toBe(1);
    const checkout = (
      await ctx.db
        .select()
        .from(testGatewayCheckouts)
        .where(eq(testGatewayCheckouts.id, (await paymentRow(p.key)).gatewayRef!))
    )[0]!;
    const ours = (
      await ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `${NOTIFICATION_JOB}:${checkout.eventId}`))
    )[0]!;
    expect(ours).toMatchObject({ status: 'pending', attempts: 1 });
    expect(ours.lastError).toMatch(/did not take/);
    expect((await paymentRow(p.key)).status).toBe('Pending');
    expect(checkout.notifiedAt).toBeNull();
    // Not before its backoff; then delivered once, the bill paid once.
    expect(await worker.runOnce()).toBe(0);
    expect(await worker.runOnce(new Date(Date.now() + 31_000))).toBe(1);
    expect((await paymentRow(p.key)).status).toBe('Paid');
    expect((await invoice('B6')).outstandingCents).toBe(BILL_TOTAL - 2 * 3_746);
    const [rata] = await ctx.db.select().from(installments).where(eq(installments.id, second.id));
    expect(rata!.toBePaid).toBe(false);
    const done = (await ctx.db.select().from(jobs).where(eq(jobs.id, ours.id)))[0]!;
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    // The same event is queued once: a re-notify of the checkout adds nothing.
    const gateway = createTestGateway(
      ctx.db,
      SECRET,
      createJobQueue(ctx.db, { leaseMs: 60_000, maxAttempts: 3 }),
    );
    const settled = (await gateway.find(checkout.id))!;
    expect(settled.notifiedAt).not.toBeNull();
    expect(await gateway.notify(settled, new Date())).toBe(false);
  });

  it('gives a notification up after the queue’s last attempt, leaving the payment pending', async () => {
    await runJobs(new Date(Date.now() + 3_600_000));
    const p = (await pay(['B8'])).json().data;
    expect((await submit(p.redirectUrl, CARD_OK)).statusCode).toBe(303);
    const { worker } = gatewayWorker(async () => false);
    let at = Date.now();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await worker.runOnce(new Date(at))).toBe(1);
      at += 3_600_000;
    }
    expect(await worker.runOnce(new Date(at))).toBe(0);
    const ref = (await paymentRow(p.key)).gatewayRef!;
    const [checkout] = await ctx.db
      .select()
      .from(testGatewayCheckouts)
      .where(eq(testGatewayCheckouts.id, ref));
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `${NOTIFICATION_JOB}:${checkout!.eventId}`));
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await paymentRow(p.key)).status).toBe('Pending');
  });

  it('applies a notification replayed 3 times, and two interleaved payments, exactly once each', async () => {
    // B1 as the ERP loaded it: the settlement names it by the ERP's key beside its id (ADR 050).
    const b1 = await invoice('B1');
    await ctx.db.insert(integrationRecords).values({
      companyCode: b1.companyCode,
      kind: 'bill',
      extKey: 'ERP-BILL-B1',
      entityId: b1.id,
      version: 1,
    });
    const a = (await pay(['B1'])).json().data;
    const b = (await pay(['B4'])).json().data;
    const refOf = async (key: string) => (await paymentRow(key)).gatewayRef!;
    const eventA = {
      eventId: 'evt_A',
      reference: await refOf(a.key),
      outcome: 'succeeded',
      amountCents: a.totalAmount,
    };
    const eventB = {
      eventId: 'evt_B',
      reference: await refOf(b.key),
      outcome: 'succeeded',
      amountCents: b.totalAmount,
    };
    const answers = [];
    for (const e of [eventA, eventB, eventA, eventB, eventA, eventA])
      answers.push((await notify(e)).json().data.applied);
    expect(answers).toEqual([true, true, false, false, false, false]);
    // A late cancel of a paid payment changes nothing.
    expect((await notify({ ...eventA, eventId: 'evt_A2', outcome: 'cancelled' })).json().data.applied).toBe(
      false,
    );
    for (const p of [a, b]) expect((await paymentRow(p.key)).status).toBe('Paid');
    // The supplier's systems hear of each settlement once, with the bills it paid (ADR 036's outbox).
    const settled = await ctx.db
      .select({ entityKey: integrationEvents.entityKey, payload: integrationEvents.payload })
      .from(integrationEvents)
      .where(
        and(
          eq(integrationEvents.kind, 'payment.settled'),
          inArray(integrationEvents.entityKey, [a.key, b.key]),
        ),
      );
    expect(settled.map((e) => e.entityKey).sort()).toEqual([a.key, b.key].sort());
    expect(settled.find((e) => e.entityKey === a.key)!.payload).toMatchObject({
      paymentKey: a.key,
      amountCents: a.totalAmount,
      bills: [
        {
          invoiceNumber: expect.any(String),
          amountCents: a.totalAmount,
          billId: b1.id,
          billExtKey: 'ERP-BILL-B1',
        },
      ],
    });
    expect((await invoice('B1')).outstandingCents).toBe(0);
    expect((await invoice('B4')).outstandingCents).toBe(0);
    const mario = await loginAs(ctx.app, 'mario');
    const list = await call(ctx.app, 'GET', `${ERP}/payments?customerId=CUS-MARIO`, { sessionId: mario });
    const paidKeys = list
      .json()
      .data.payments.filter((p: { status: string }) => p.status === 'Paid')
      .map((p: { key: string }) => p.key);
    expect(paidKeys.filter((k: string) => k === a.key || k === b.key)).toHaveLength(2);
  });

  it('refuses a forged or missing signature and an unknown gateway', async () => {
    const p = (await pay(['B2'])).json().data;
    const event = {
      eventId: 'evt_forged',
      reference: (await paymentRow(p.key)).gatewayRef,
      outcome: 'succeeded',
      amountCents: p.totalAmount,
    };
    const forged = await notify(event, signBody(JSON.stringify(event), 'not-the-secret-at-all'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, message: 'Notifica di pagamento non valida.' });
    expect((await notify(event, 'abc')).statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/services/rest/gateway/v1/notifications/7',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await paymentRow(p.key)).status).toBe('Pending');
    expect((await invoice('B2')).outstandingCents).toBe(BILL_TOTAL);
  });

  it('finding 8: refuses a correctly signed notification whose body is not a JSON object with 400', async () => {
    for (const raw of ['not json', '[]', 'null', '"paid"', '42', '{"eventId":"evt_x"}']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: NOTIFY,
        payload: raw,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(raw, SECRET) },
      });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Notifica di pagamento illeggibile.' });
    }
  });

  it('makes one charge when one bill is paid twice at the same time', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const luca = await loginAs(ctx.app, 'luca'); // a delegate reaching Mario
    const [first, second] = await Promise.all([pay(['B7'], {}, mario), pay(['B7'], {}, luca)]);
    const codes = [first.statusCode, second.statusCode].sort();
    const ok = [first, second].filter((r) => r.statusCode === 200);
    // Either the second one waits for the first (409), or — same bills — gets the same payment.
    expect(codes[0]).toBe(200);
    expect(new Set(ok.map((r) => r.json().data.key)).size).toBe(1);
    if (codes[1] === 409)
      expect([first, second].find((r) => r.statusCode === 409)!.json().message).toMatch(
        /già in corso un pagamento/,
      );
    const again = await pay(['B7'], {}, mario);
    expect(again.json().data.key).toBe(ok[0]!.json().data.key);
    const other = await pay(['B7', 'B8'], {}, mario);
    expect(other.statusCode).toBe(409);
  });

  it('pays a bill the bank would debit only by an explicit choice, and then tells the ERP to skip the debit', async () => {
    // A bill on CTR-4, which pays by direct debit, due in ten days.
    await ctx.db.insert(invoices).values(
      invoiceRow({
        key: 'DD1',
        extKey: 'EXT-DD1',
        companyCode: 'sga',
        customerId: ctx.fixture.mario.id,
        contractId: ctx.world.contracts['CTR-4']!.id,
        number: '2026/SGA/DD1',
        issueDate: ctx.billing.today,
        dueDate: addDays(ctx.billing.today, 10),
        amountCents: 5_000,
        outstandingCents: 5_000,
      }),
    );
    const refused = await pay(['DD1']);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MESSAGES.invoice_direct_debit);
    const chosen = await pay(['DD1'], { skipDirectDebit: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const payment = chosen.json().data;
    expect(payment.totalAmount).toBe(5_000);
    const reference = (await paymentRow(payment.key)).gatewayRef!;
    await notify({ eventId: 'evt_DD1', reference, outcome: 'succeeded', amountCents: 5_000 });
    const [event] = await ctx.db
      .select()
      .from(integrationEvents)
      .where(eq(integrationEvents.kind, 'invoice.leftOutOfDebit'));
    expect(event?.payload).toEqual({
      invoiceNumber: '2026/SGA/DD1',
      reason: 'paidInPortal',
      amountCents: 5_000,
      dueDate: addDays(ctx.billing.today, 10),
    });
  });

  it('refuses reading or changing someone else’s payment and bad outcomes', async () => {
    const franco = await loginAs(ctx.app, 'franco');
    const theirs = (await pay(['BF'], {}, franco)).json().data;
    const mario = await loginAs(ctx.app, 'mario');
    expect(
      (await call(ctx.app, 'GET', `${ERP}/payments/${theirs.id}`, { sessionId: mario })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(ctx.app, 'PUT', `${ERP}/payments`, {
          sessionId: mario,
          body: { id: theirs.key, userOutcome: 'OK' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(ctx.app, 'GET', `${ERP}/payments?customerId=CUS-OTHER`, { sessionId: mario })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(ctx.app, 'PUT', `${ERP}/payments`, {
          sessionId: franco,
          body: { id: theirs.key, userOutcome: 'FORSE' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(ctx.app, 'GET', `${ERP}/payments/PAY-NONE`, { sessionId: mario })).statusCode).toBe(
      404,
    );
  });
});

describe('the test gateway without a configured key', () => {
  // The app's own jobs worker delivers the test gateway's notifications here.
  const ctx = useBillingTestApp('pglite', { JOBS_POLL_MS: '20' });

  it('believes its own in-process notifications only: the old public development key forges nothing', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const create = (id: string) =>
      call(ctx.app, 'POST', `${ERP}/payments`, {
        sessionId: mario,
        body: { payKind: 'Invoices', items: [{ id }] },
      }).then((res) => res.json().data as { key: string; totalAmount: number; redirectUrl: string });
    const statusOf = async (key: string) =>
      (await ctx.db.select().from(payments).where(eq(payments.key, key)))[0]!.status;

    const forgedPayment = await create('B7');
    const event = {
      eventId: 'evt_public_key',
      reference: (await ctx.db.select().from(payments).where(eq(payments.key, forgedPayment.key)))[0]!
        .gatewayRef,
      outcome: 'succeeded',
      amountCents: forgedPayment.totalAmount,
    };
    const raw = JSON.stringify(event);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: NOTIFY,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(raw, 'sportello-dev-payment-secret'),
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(await statusOf(forgedPayment.key)).toBe('Pending');

    const paid = await create('B8');
    expect((await submitForm(ctx.app, paid.redirectUrl, CARD_OK)).statusCode).toBe(303);
    await vi.waitFor(async () => expect(await statusOf(paid.key)).toBe('Paid'), { timeout: 10_000 });
  });
});
