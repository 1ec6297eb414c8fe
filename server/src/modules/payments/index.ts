// The payments module: payments of bills or installments through a gateway, recorded once from the
// gateway's signed notification; the local test gateway (gateway 1, SPEC §9 default) comes with it.
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
  needs: { customers: customersModule, invoices: invoicesModule, notifications: notificationsModule },
  createService: ({ db, config }, { customers, invoices, notifications }) => {
    const jobs = createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS });
    const testGateway = createTestGateway(db, config.PAYMENT_WEBHOOK_SECRET, jobs);
    const payments = createPaymentsService({
      db,
      repository: createPaymentsRepository(db),
      invoices: invoices.ledger,
      customers,
      notifications,
      // A real PSP adapter joins this map.
      gateways: new Map([[testGateway.gateway.id, testGateway.gateway]]),
      checkoutMs: config.PAYMENT_CHECKOUT_MINUTES * 60_000,
    });
    return { payments, testGateway };
  },
  routes: paymentRoutes,
  // The test gateway's notifications go through the real HTTP route (signature check included).
  jobs: ({ testGateway }, app) => testGateway.notificationHandlers(deliverInProcess(app)),
});
