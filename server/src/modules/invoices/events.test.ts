// The billing slice's events: a new bill and a payment recorded paid notify the
// customer's users through notify(), as their flags and chosen channels say; the outbox shows
// what would be sent.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, notifications, outbox, payments, users } from '@sportello/db/schema';
import { SIGNATURE_HEADER, signBody } from '../../integrations/payments/gateway.js';
import { QUEUED_SEND_GRACE_MS } from '../../jobs/queued-send.js';
import { createJobsRuntime } from '../../jobs/runtime.js';
import { createDevicesRepository } from '../devices/repository.js';
import { createServices } from '../../wiring.js';
import { modules } from '../index.js';
import { moduleJobHandlers } from '../module.js';
import { call, loginAs, testConfig } from '../../../test/app.js';
import { useBillingTestApp } from '../../../test/billing-fixture.js';
import { databaseKinds } from '../../../test/databases.js';

const SECRET = 'a-test-gateway-secret-of-this-suite';

describe.each(databaseKinds)('bill and payment events on %s', (kind) => {
  const ctx = useBillingTestApp(kind, { PAYMENT_WEBHOOK_SECRET: SECRET });

  /** Runs the queued jobs (the app's worker is off in tests) and answers the mails sent since. */
  const mailsAfter = async (action: () => Promise<unknown>) => {
    const before = await ctx.db.$count(outbox, eq(outbox.channel, 'mail'));
    await action();
    const forgetDevice = createDevicesRepository(ctx.db).removeById;
    await createJobsRuntime(ctx.db, testConfig(), { forgetDevice }).worker.runOnce();
    const sent = await ctx.db.select().from(outbox).where(eq(outbox.channel, 'mail')).orderBy(outbox.id);
    return sent.slice(before);
  };
  const setUser = (id: number, values: Partial<typeof users.$inferInsert>) =>
    ctx.db.update(users).set(values).where(eq(users.id, id));

  let serial = 0;
  const issueBill = () => {
    const services = createServices(ctx.db, testConfig());
    const b1 = ctx.billing.invoices.B1!;
    serial += 1;
    return services.invoices.issue(
      {
        key: `BN${serial}`,
        extKey: `EXT-BN${serial}`,
        companyCode: b1.companyCode,
        customerId: b1.customerId,
        contractId: b1.contractId,
        number: `2026/SGA/90${serial}`,
        invoiceTypeCode: 1,
        issueDate: '2026-03-16',
        dueDate: '2026-04-05',
        amountCents: 8_450,
        outstandingCents: 8_450,
        paymentLevel: 'Unpaid',
      },
      new Date(),
    );
  };

  it('a new bill mails the user who wants technical news, once, with a link to it', async () => {
    // luca (a delegate of mario's customer) wants no technical news.
    await setUser(ctx.fixture.lucaUser.id, { receiveTechNotifications: false, email: 'luca@example.it' });
    await setUser(ctx.fixture.marioUser.id, { email: 'mario@example.it' });
    const sent = await mailsAfter(issueBill);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: 'mario@example.it', subject: 'Nuova bolletta disponibile' });
    expect(sent[0]!.body).toContain('La bolletta n. 2026/SGA/901 di 84,50');
    expect(sent[0]!.body).toContain('entro il 05/04/2026');
    const token = sent[0]!.body.match(/link\/([A-Za-z0-9_-]{22})/)![1];
    const mario = await loginAs(ctx.app, 'mario');
    const link = await call(ctx.app, 'GET', `portalapi/Core/v1/links/${token}`, { sessionId: mario });
    expect(link.json().data.target).toEqual({ page: 'invoice', invoiceKey: 'BN1' });
  });

  it('a new bill sends nothing when the flags or the channels say no', async () => {
    await setUser(ctx.fixture.marioUser.id, { receiveTechNotifications: false });
    expect(await mailsAfter(issueBill)).toHaveLength(0);
    await setUser(ctx.fixture.marioUser.id, {
      receiveTechNotifications: true,
      userOptions: JSON.stringify({ notifications: { invoice: { email: false, push: false } } }),
    });
    expect(await mailsAfter(issueBill)).toHaveLength(0);
    await setUser(ctx.fixture.marioUser.id, { userOptions: '{}' });
  });

  it('a payment recorded paid mails once, however often the gateway repeats it; a cancel sends nothing', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const pay = async (key: string) =>
      (
        await call(ctx.app, 'POST', 'portalapi/Erp/v1/payments', {
          sessionId: mario,
          body: { payKind: 'Invoices', items: [{ id: key }] },
        })
      ).json().data;
    const notify = async (
      payment: { key: string; totalAmount: number },
      eventId: string,
      outcome: string,
    ) => {
      const [row] = await ctx.db.select().from(payments).where(eq(payments.key, payment.key));
      const raw = JSON.stringify({
        eventId,
        reference: row!.gatewayRef,
        outcome,
        amountCents: payment.totalAmount,
      });
      return ctx.app.inject({
        method: 'POST',
        url: '/services/rest/gateway/v1/notifications/1',
        payload: raw,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(raw, SECRET) },
      });
    };
    const cancelled = await pay('B4');
    expect(await mailsAfter(() => notify(cancelled, 'evt_cancel', 'cancelled'))).toHaveLength(0);

    const p = await pay('B3');
    const sent = await mailsAfter(async () => {
      for (let i = 0; i < 3; i++) expect((await notify(p, 'evt_paid', 'succeeded')).statusCode).toBe(200);
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: 'mario@example.it', subject: 'Pagamento ricevuto' });
    expect(sent[0]!.body).toContain('112,40');
    expect(sent[0]!.body).toContain(`bolletta n. ${ctx.billing.invoices.B3!.number}`);

    // Flags off: the payment is recorded, nobody is told.
    await setUser(ctx.fixture.marioUser.id, { receiveTechNotifications: false });
    const quiet = await pay('B7');
    expect(await mailsAfter(() => notify(quiet, 'evt_quiet', 'succeeded'))).toHaveLength(0);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.key, quiet.key));
    expect(row!.status).toBe('Paid');
  });

  it('a payment whose receipt fails right after the commit is still told: the receipt was queued with it', async () => {
    await setUser(ctx.fixture.marioUser.id, { receiveTechNotifications: true, email: 'mario@example.it' });
    const mario = await loginAs(ctx.app, 'mario');
    const payment = (
      await call(ctx.app, 'POST', 'portalapi/Erp/v1/payments', {
        sessionId: mario,
        body: { payKind: 'Invoices', items: [{ id: 'B8' }] },
      })
    ).json().data as { key: string; totalAmount: number };
    const [row] = await ctx.db.select().from(payments).where(eq(payments.key, payment.key));
    const raw = JSON.stringify({
      eventId: 'evt_crash',
      reference: row!.gatewayRef,
      outcome: 'succeeded',
      amountCents: payment.totalAmount,
    });
    // The process "dies" between the payment's commit and its receipt: telling anyone fails.
    await ctx.db.execute(sql`create function refuse_notices() returns trigger language plpgsql as
      $$ begin raise exception 'the process stopped'; end $$`);
    await ctx.db.execute(sql`create trigger refuse_notices before insert on notifications
      for each statement execute function refuse_notices()`);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/services/rest/gateway/v1/notifications/1',
      payload: raw,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(raw, SECRET) },
    });
    await ctx.db.execute(sql`drop trigger refuse_notices on notifications`);
    await ctx.db.execute(sql`drop function refuse_notices`);
    expect(paid.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(payments).where(eq(payments.key, payment.key));
    expect(after!.status).toBe('Paid');

    // Another process's jobs worker, after the grace left to the one that queued it, tells the customer.
    const services = createServices(ctx.db, testConfig());
    const { worker } = createJobsRuntime(ctx.db, testConfig(), {
      handlers: moduleJobHandlers(modules, ctx.app, (m) => services.serviceOf(m)),
      forgetDevice: createDevicesRepository(ctx.db).removeById,
    });
    const later = new Date(Date.now() + QUEUED_SEND_GRACE_MS + 1_000);
    await worker.runOnce(later);
    await worker.runOnce(later);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Pagamento ricevuto'));
    expect(told.some((n) => n.description.includes(ctx.billing.invoices.B8!.number))).toBe(true);
    const [receiptJob] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `notifications.notify:payment:${payment.key}`));
    expect(receiptJob!.status).toBe('done');
  });
});
