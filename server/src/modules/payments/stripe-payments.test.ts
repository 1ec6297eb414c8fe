// Payments through Stripe Checkout in production (ADR 021): the SDK talks to a local server that
// speaks Stripe's documented protocol, and every webhook is signed by the SDK's own test helper.
// The test gateway does not exist here: no test card pays anything.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '@sportello/db/schema';
import {
  sessionEvent,
  startLocalStripeApi,
  type LocalSession,
} from '../../integrations/payments/local-stripe-api.js';
import { buildApp } from '../../app.js';
import { call, loginAs, testConfig } from '../../../test/app.js';
import { BILL_TOTAL, useBillingTestApp } from '../../../test/billing-fixture.js';
import { databaseKinds, openTestDatabase } from '../../../test/databases.js';

const ERP = 'portalapi/Erp/v1';
const NOTIFY = '/services/rest/gateway/v1/notifications/1';
/** A live key: production takes real money (a test key is refused at start, ADR 021). */
const SECRET_KEY = 'sk_live_sportellosuite';
const WEBHOOK_SECRET = 'whsec_sportellosuite';
const stripe = new Stripe(SECRET_KEY);

describe.each(databaseKinds)('Stripe Checkout in production on %s', (kind) => {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PUBLIC_BASE_URL: 'https://portale.example.it',
  };
  let api: Awaited<ReturnType<typeof startLocalStripeApi>>;
  // Registered before the app's own hooks, so the app starts with the local API's address.
  beforeAll(async () => {
    api = await startLocalStripeApi(SECRET_KEY);
    env.STRIPE_API_BASE = api.baseUrl;
  });
  afterAll(() => api.close());
  const ctx = useBillingTestApp(kind, env);
  const id = (key: string) => String(ctx.billing.invoices[key]!.id);

  const pay = async (items: string[]) => {
    const res = await call(ctx.app, 'POST', `${ERP}/payments`, {
      sessionId: await loginAs(ctx.app, 'mario'),
      body: { payKind: 'Invoices', items: items.map((i) => ({ id: i })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { key: string; redirectUrl: string; totalAmount: number; gatewayId: number };
  };
  const sessionOf = (paymentKey: string): LocalSession =>
    api.sessions.find((s) => s.session.client_reference_id === paymentKey)!.session;
  const notify = (
    payload: string,
    header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: NOTIFY,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
  const statusOf = async (key: string) =>
    (await ctx.db.select().from(payments).where(eq(payments.key, key)))[0]!.status;
  const outstanding = async (key: string) =>
    (await ctx.db.select().from(invoices).where(eq(invoices.key, key)))[0]!.outstandingCents;

  it('finding 1: opens a Stripe Checkout Session and sends the customer to its url', async () => {
    const p = await pay(['B7']);
    const { session, form } = api.sessions.at(-1)!;
    expect(p.gatewayId).toBe(1);
    expect(p.redirectUrl).toBe(session.url);
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2001',
      client_reference_id: p.key,
      'metadata[paymentKey]': p.key,
      success_url: `https://portale.example.it/invoice/${id('B7')}/payment_ok?payment=${p.key}`,
      cancel_url: `https://portale.example.it/invoice/${id('B7')}/payment_ko?payment=${p.key}`,
    });
    // Stripe's shortest session: 30 minutes.
    expect(Number(form.expires_at) * 1000 - Date.now()).toBeGreaterThanOrEqual(30 * 60_000);
  });

  it('finding 1: in production no test checkout page exists and the test card 4242 pays nothing', async () => {
    const p = await pay(['B8']);
    expect(p.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const page = await ctx.app.inject({ method: 'GET', url: '/gateway/test/checkout/chk_any' });
    expect(page.statusCode).toBe(404);
    const card = await ctx.app.inject({
      method: 'POST',
      url: '/gateway/test/checkout/chk_any',
      payload: 'action=pay&card=4242+4242+4242+4242&expiry=12%2F99&cvc=123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(card.statusCode).toBe(404);
    const testGateway = await call(ctx.app, 'POST', `${ERP}/payments`, {
      sessionId: await loginAs(ctx.app, 'mario'),
      body: { payKind: 'Invoices', gatewayId: 2, items: [{ id: 'B1' }] },
    });
    expect(testGateway.statusCode).toBe(400);
    expect(await statusOf(p.key)).toBe('Pending');
    expect(await outstanding('B8')).toBe(1_500);
  });

  it('pays on checkout.session.completed, once however often it is replayed, and a later expiry changes nothing', async () => {
    const p = await pay(['B1']);
    const completed = sessionEvent('checkout.session.completed', sessionOf(p.key), {
      status: 'complete',
      payment_status: 'paid',
    });
    const first = await notify(completed);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.applied).toBe(true);
    expect((await notify(completed)).json().data.applied).toBe(false);
    // Reordered: Stripe may deliver the expiry after the completion.
    const expired = await notify(
      sessionEvent('checkout.session.expired', sessionOf(p.key), { status: 'expired' }),
    );
    expect(expired.json().data.applied).toBe(false);
    expect(await statusOf(p.key)).toBe('Paid');
    expect(await outstanding('B1')).toBe(0);
  });

  it('waits for a SEPA debit: completed unpaid changes nothing, then failed refuses or succeeded pays', async () => {
    const refused = await pay(['B3']);
    const pending = sessionEvent('checkout.session.completed', sessionOf(refused.key), {
      status: 'complete',
      payment_status: 'unpaid',
    });
    expect((await notify(pending)).json().data.applied).toBe(false);
    expect(await statusOf(refused.key)).toBe('Pending');
    const failed = sessionEvent('checkout.session.async_payment_failed', sessionOf(refused.key));
    expect((await notify(failed)).json().data.applied).toBe(true);
    expect(await statusOf(refused.key)).toBe('Refused');
    expect(await outstanding('B3')).toBe(BILL_TOTAL);

    const paid = await pay(['B3']);
    const succeeded = sessionEvent('checkout.session.async_payment_succeeded', sessionOf(paid.key), {
      payment_status: 'paid',
    });
    expect((await notify(succeeded)).json().data.applied).toBe(true);
    expect(await statusOf(paid.key)).toBe('Paid');
    expect(await outstanding('B3')).toBe(0);
  });

  it('cancels on checkout.session.expired and frees the bill for a new payment', async () => {
    const p = await pay(['B2']);
    const expired = await notify(
      sessionEvent('checkout.session.expired', sessionOf(p.key), { status: 'expired' }),
    );
    expect(expired.json().data.applied).toBe(true);
    expect(await statusOf(p.key)).toBe('Cancelled');
    expect((await pay(['B2'])).key).not.toBe(p.key);
  });

  it('refuses a wrong or stale signature (401) and a signed body that is not an event (400)', async () => {
    const session = sessionOf((await pay(['B4'])).key);
    const completed = sessionEvent('checkout.session.completed', session, { payment_status: 'paid' });
    const wrong = stripe.webhooks.generateTestHeaderString({
      payload: completed,
      secret: 'whsec_someoneelse',
    });
    const forged = await notify(completed, wrong);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, message: 'Notifica di pagamento non valida.' });
    const stale = stripe.webhooks.generateTestHeaderString({
      payload: completed,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await notify(completed, stale)).statusCode).toBe(401);
    expect((await notify(completed, 'nonsense')).statusCode).toBe(401);
    for (const raw of ['not json', '[]', 'null', '{"id":"evt_1","type":"checkout.session.completed"}']) {
      const res = await notify(raw);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Notifica di pagamento illeggibile.' });
    }
    // An event type that decides nothing is acknowledged, so Stripe stops sending it.
    const other = await notify(sessionEvent('payment_intent.created', session));
    expect(other.statusCode).toBe(200);
  });

  it('refuses a test-mode event, however well signed: no bill is marked paid with no money', async () => {
    // B2's payment opened by the test before, still pending.
    const { session } = api.sessions.findLast((s) => s.form.success_url!.includes(`/invoice/${id('B2')}/`))!;
    const testMode = sessionEvent('checkout.session.completed', session, {
      status: 'complete',
      payment_status: 'paid',
      livemode: false,
    });
    const res = await notify(testMode);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(await statusOf(session.client_reference_id!)).toBe('Pending');
    expect(await outstanding('B2')).toBe(BILL_TOTAL);
  });
});

describe('Stripe test mode in production, opted in (ALLOW_STRIPE_TEST_MODE_IN_PRODUCTION)', () => {
  it('believes test-mode events only when the opt-in names the risk', async () => {
    const database = await openTestDatabase('pglite');
    const env = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_sportellosuite',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    };
    const event = JSON.stringify({ id: 'evt_testmode', type: 'payment_intent.created', livemode: false });
    const signed = stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET });
    const notifyApp = (app: Awaited<ReturnType<typeof buildApp>>) =>
      app.inject({
        method: 'POST',
        url: NOTIFY,
        payload: event,
        headers: { 'content-type': 'application/json', 'stripe-signature': signed },
      });
    const refusing = await buildApp(testConfig(env), database);
    const optedIn = await buildApp(
      testConfig({ ...env, ALLOW_STRIPE_TEST_MODE_IN_PRODUCTION: 'true' }),
      database,
    );
    try {
      expect((await notifyApp(refusing)).statusCode).toBe(400);
      expect((await notifyApp(optedIn)).statusCode).toBe(200);
    } finally {
      await refusing.close();
      await optedIn.close();
      await database.drop();
    }
  });
});

describe('the test gateway confirmed in production (ALLOW_TEST_GATEWAY_IN_PRODUCTION)', () => {
  it('says so at error level at every start, and is gateway 2 beside Stripe', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await openTestDatabase('pglite');
    const config = testConfig({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMENT_TEST_GATEWAY: 'true',
      ALLOW_TEST_GATEWAY_IN_PRODUCTION: 'true',
    });
    const app = await buildApp(config, database, pino({ level: 'warn' }, sink));
    try {
      await app.ready();
      const warning = lines.map((line) => JSON.parse(line)).find((l) => /test gateway/.test(l.msg));
      expect(warning).toMatchObject({ level: 50 });
      expect(warning.msg).toMatch(/ALLOW_TEST_GATEWAY_IN_PRODUCTION/);
      const page = await app.inject({ method: 'GET', url: '/gateway/test/checkout/chk_none' });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('Pagamento non trovato');
      const notifyGateway = (id: number) =>
        app.inject({
          method: 'POST',
          url: `/services/rest/gateway/v1/notifications/${id}`,
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        });
      expect((await notifyGateway(2)).statusCode).toBe(401); // the test gateway: it exists, unsigned is refused
      expect((await notifyGateway(3)).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
