// The integration module (ADR 036): the supplier's systems in — machine clients with their
// tokens, customers with contracts and supplies, bills with sections and their PDFs, by the ERP's keys
// and versions.
import { complaintsModule } from '../complaints/index.js';
import { contractsModule } from '../contracts/index.js';
import { messagesModule } from '../messages/index.js';
import { meteringModule } from '../metering/index.js';
import { priceChangesModule } from '../price-changes/index.js';
import { proposalsModule } from '../proposals/index.js';
import { registrationModule } from '../registration/index.js';
import { requestsModule } from '../requests/index.js';
import { customersModule } from '../customers/index.js';
import { documentsModule } from '../documents/index.js';
import { invoicesModule } from '../invoices/index.js';
import { defineModule } from '../module.js';
import { settingsModule } from '../settings/index.js';
import { suppliesModule } from '../supplies/index.js';
import { WEBHOOK_JOB } from '../../platform/events/outbox.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';
import { NOTICE_JOB } from './notices.js';
import { createIntegrationRepository } from './repository.js';
import integrationRoutes from './routes.js';
import { createIntegrationService } from './service.js';

export const integrationModule = defineModule({
  name: 'integration',
  purpose:
    "the supplier's systems (ADR 036, 046, 048, 050): machine clients, versioned imports by the ERP's keys, the initial load, the customer actions feed and its webhooks",
  needs: {
    customers: customersModule,
    contracts: contractsModule,
    supplies: suppliesModule,
    invoices: invoicesModule,
    documents: documentsModule,
    settings: settingsModule,
    metering: meteringModule,
    requests: requestsModule,
    complaints: complaintsModule,
    messages: messagesModule,
    proposals: proposalsModule,
    priceChanges: priceChangesModule,
    registration: registrationModule,
  },
  createService: ({ db, throttle, config }, needs) =>
    createIntegrationService({
      db,
      throttle,
      webhookPolicy: { allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK },
      repository: createIntegrationRepository(db),
      keys: createTokenKeys(db, config.SECRETS_KEYS),
      secretsKeys: config.SECRETS_KEYS,
      ...needs,
    }),
  routes: integrationRoutes,
  // A webhook's events, queued with each event (platform/events/outbox.ts), in the jobs' webhook lane.
  jobs: (service) => ({
    [WEBHOOK_JOB]: (job) => service.webhooks.deliver(job.payload),
    // A load's notice its own process could not send (notices.ts).
    [NOTICE_JOB]: (job) => service.notices.run(job),
  }),
});
