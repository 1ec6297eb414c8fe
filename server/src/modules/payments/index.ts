// The payments module: payments of bills or installments through a gateway, recorded once from the
// gateway's signed notification. Gateway 1 (SPEC §9 default, what the web asks for) is the one the
// configuration chooses: Stripe Checkout, or the local test gateway outside production (ADR 021).
import { randomBytes } from 'node:crypto';
import type { PaymentGateway } from '../../integrations/payments/gateway.js';
import { createStripeGateway } from '../../integrations/payments/stripe-gateway.js';
import { createTestGateway } from '../../integrations/payments/test-gateway.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { customersModule } from '../customers/index.js';
import { invoicesModule } from '../invoices/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { createPaymentsRepository } from './repository.js';
import paymentRoutes, { deliverInProcess } from './routes.js';
import { createPaymentsService } from './service.js';

export const paymentsModule = defineModule({
  name: 'payments',
  purpose: 'payments through the gateway, recorded once from its signed notification (ADR 016, 021)',
  needs: { customers: customersModule, invoices: invoicesModule, notifications: notificationsModule },
  createService: ({ db, config }, { customers, invoices, notifications }) => {
    const gateways = new Map<number, PaymentGateway>();
    if (config.PAYMENT_GATEWAY === 'stripe') {
      gateways.set(
        1,
        createStripeGateway(1, {
          secretKey: config.STRIPE_SECRET_KEY!,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
          apiBase: config.STRIPE_API_BASE,
          paymentMethods: config.STRIPE_PAYMENT_METHODS,
          publicBaseUrl: config.PUBLIC_BASE_URL,
          acceptTestMode: config.NODE_ENV !== 'production' || config.ALLOW_STRIPE_TEST_MODE_IN_PRODUCTION,
        }),
      );
    }
    let testGateway;
    if (config.PAYMENT_TEST_GATEWAY) {
      const jobs = createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS });
      // Without a configured key, one nobody else knows: the test gateway signs and delivers in
      // process, so only its own notifications (or a sender given the configured key) are believed.
      const secret = config.PAYMENT_WEBHOOK_SECRET ?? randomBytes(32).toString('hex');
      testGateway = createTestGateway(db, secret, jobs, gateways.size + 1);
      gateways.set(testGateway.gateway.id, testGateway.gateway);
    }
    const payments = createPaymentsService({
      db,
      repository: createPaymentsRepository(db),
      invoices: invoices.ledger,
      customers,
      notifications,
      gateways,
      checkoutMs: config.PAYMENT_CHECKOUT_MINUTES * 60_000,
    });
    return {
      payments,
      testGateway,
      testGatewayInProduction: !!testGateway && config.NODE_ENV === 'production',
    };
  },
  routes: paymentRoutes,
  // The test gateway's notifications go through the real HTTP route (signature check included).
  jobs: ({ testGateway }, app) =>
    testGateway ? testGateway.notificationHandlers(deliverInProcess(app, testGateway.gateway.id)) : {},
});
