// The invoices module: a reachable customer's bills, their Bolletta 2.0 view, installments, insolvencies;
// a new bill notifies the customer; payment reminders before and after a bill's due date (ADR 035).
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { settingsModule } from '../settings/index.js';
import { createRemindersRepository } from './reminders-repository.js';
import { createInvoicesRepository } from './repository.js';
import invoiceRoutes from './routes.js';
import { createInvoicesService } from './service.js';

/** Reminders are owed by the day; looking every hour sends each on the morning it falls due. */
const REMIND_EVERY_MS = 60 * 60_000;

export const invoicesModule = defineModule({
  name: 'invoices',
  purpose:
    'bills and their figures (computed once, ADR 024), installments, insolvencies, payment reminders (ADR 035)',
  needs: {
    customers: customersModule,
    contracts: contractsModule,
    notifications: notificationsModule,
    settings: settingsModule,
  },
  createService: ({ db }, { customers, contracts, notifications, settings }) =>
    createInvoicesService(createInvoicesRepository(db), customers, contracts, notifications, settings, {
      repository: createRemindersRepository(db),
    }),
  routes: invoiceRoutes,
  // Each reminder is also claimed in SQL, once, whoever sends it.
  recurring: (service) => [
    { kind: 'invoices.payment-reminders', everyMs: REMIND_EVERY_MS, run: service.sendPaymentReminders },
  ],
});
