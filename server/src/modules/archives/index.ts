// The archives module: "I tuoi dati" (GDPR articles 15 and 20, ADR 039). Everything the portal holds
// about a user's own customer, read through the owning modules' services, zipped by the jobs queue.
import { createMailComposer } from '../../integrations/mail/compose.js';
import { createJobQueue, JOB_LEASE_MS } from '../../jobs/queue.js';
import { complaintsModule } from '../complaints/index.js';
import { contractsModule } from '../contracts/index.js';
import { customersModule } from '../customers/index.js';
import { documentsModule } from '../documents/index.js';
import { invoicesModule } from '../invoices/index.js';
import { messagesModule } from '../messages/index.js';
import { meteringModule } from '../metering/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { paymentsModule } from '../payments/index.js';
import { requestsModule } from '../requests/index.js';
import { sessionsModule } from '../sessions/index.js';
import { settingsModule } from '../settings/index.js';
import { suppliesModule } from '../supplies/index.js';
import { usersModule } from '../users/index.js';
import { createArchivesRepository } from './repository.js';
import archiveRoutes from './routes.js';
import { ARCHIVE_JOB, createArchivesService } from './service.js';

/** Archives expire by the day; looking every hour deletes each within the hour it expires. */
const SWEEP_EVERY_MS = 60 * 60_000;

export const archivesModule = defineModule({
  name: 'archives',
  purpose:
    '"I tuoi dati": everything the portal holds about a user\'s own customer, zipped by the jobs queue (GDPR art. 15 and 20, ADR 039)',
  needs: {
    users: usersModule,
    customers: customersModule,
    contracts: contractsModule,
    supplies: suppliesModule,
    invoices: invoicesModule,
    documents: documentsModule,
    payments: paymentsModule,
    metering: meteringModule,
    requests: requestsModule,
    complaints: complaintsModule,
    messages: messagesModule,
    notifications: notificationsModule,
    sessions: sessionsModule,
    settings: settingsModule,
  },
  createService: ({ db, config, store }, needs) =>
    createArchivesService({
      repository: createArchivesRepository(db),
      users: needs.users,
      settings: needs.settings,
      sections: { ...needs, payments: needs.payments.payments, store },
      jobs: createJobQueue(db, { leaseMs: JOB_LEASE_MS, maxAttempts: config.JOBS_MAX_ATTEMPTS }),
      mail: createMailComposer(db, config.PUBLIC_BASE_URL),
      maxAttempts: config.JOBS_MAX_ATTEMPTS,
    }),
  routes: archiveRoutes,
  jobs: (service) => ({ [ARCHIVE_JOB]: (job) => service.build(job) }),
  // Deletes archives past their 7 days (the update is idempotent).
  recurring: (service) => [{ kind: 'archives.sweep', everyMs: SWEEP_EVERY_MS, run: service.expire }],
});
