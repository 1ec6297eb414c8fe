// The server's modules, one line each: wiring.ts makes their services, app.ts registers their
// routes in this order. A new module adds its folder and one line here.
import { accessibilityModule } from './accessibility/index.js';
import { addressModule } from './address/index.js';
import { archivesModule } from './archives/index.js';
import { auditModule } from './audit/index.js';
import { catalogueModule } from './catalogue/index.js';
import { complaintsModule } from './complaints/index.js';
import { consultationsModule } from './consultations/index.js';
import { tokensModule } from './tokens/index.js';
import { contractsModule } from './contracts/index.js';
import { customersModule } from './customers/index.js';
import { devicesModule } from './devices/index.js';
import { documentsModule } from './documents/index.js';
import { integrationModule } from './integration/index.js';
import { staffModule } from './staff/index.js';
import { staffAccountModule } from './staff-account/index.js';
import { invoicesModule } from './invoices/index.js';
import { linksModule } from './links/index.js';
import { messagesModule } from './messages/index.js';
import { meteringModule } from './metering/index.js';
import { notificationsModule } from './notifications/index.js';
import { passkeysModule } from './passkeys/index.js';
import { paymentsModule } from './payments/index.js';
import { priceChangesModule } from './price-changes/index.js';
import { privacyModule } from './privacy/index.js';
import { profileModule } from './profile/index.js';
import { queuesModule } from './queues/index.js';
import { proposalsModule } from './proposals/index.js';
import { registrationModule } from './registration/index.js';
import { requestsModule } from './requests/index.js';
import { sessionsModule } from './sessions/index.js';
import { settingsModule } from './settings/index.js';
import { suppliesModule } from './supplies/index.js';
import { supportModule } from './support/index.js';
import { usersModule } from './users/index.js';
import { workflowsModule } from './workflows/index.js';

export const modules = [
  sessionsModule,
  usersModule,
  settingsModule,
  workflowsModule,
  linksModule,
  devicesModule,
  notificationsModule,
  customersModule,
  contractsModule,
  suppliesModule,
  requestsModule,
  invoicesModule,
  documentsModule,
  paymentsModule,
  messagesModule,
  proposalsModule,
  meteringModule,
  addressModule,
  catalogueModule,
  supportModule,
  registrationModule,
  profileModule,
  accessibilityModule,
  privacyModule,
  complaintsModule,
  priceChangesModule,
  tokensModule,
  auditModule,
  passkeysModule,
  integrationModule,
  staffModule,
  archivesModule,
  queuesModule,
  staffAccountModule,
  consultationsModule,
] as const;
