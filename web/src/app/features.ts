// Every feature of the web app, one line each: the router, the guards, the menu, the page
// titles and the header are built from this list (ADR 011). Adding a feature is one line here.
import { accessibilityFeature } from '../features/accessibility/routes';
import { authFeature } from '../features/auth/routes';
import { complaintsFeature } from '../features/complaints/routes';
import { customersFeature } from '../features/customers/routes';
import { dashboardFeature } from '../features/dashboard/routes';
import { errorsFeature } from '../features/errors/routes';
import { invoicesFeature } from '../features/invoices/routes';
import { linksFeature } from '../features/links/routes';
import { messagesFeature } from '../features/messages/routes';
import { meteringFeature } from '../features/metering/routes';
import { notificationsFeature } from '../features/notifications/routes';
import { offersFeature } from '../features/offers/routes';
import { privacyFeature } from '../features/privacy/routes';
import { requestsFeature } from '../features/requests/routes';
import { profileFeature } from '../features/profile/routes';
import { proposalsFeature } from '../features/proposals/routes';
import { registrationFeature } from '../features/registration/routes';
import { servicesFeature } from '../features/services/routes';
import { suppliesFeature } from '../features/supplies/routes';
import { supportFeature } from '../features/support/routes';
import type { FeatureEntry, RouteDefinition } from '../shared/navigation/feature';

export const FEATURES: readonly FeatureEntry[] = [
  authFeature,
  customersFeature,
  dashboardFeature,
  errorsFeature,
  invoicesFeature,
  linksFeature,
  messagesFeature,
  meteringFeature,
  notificationsFeature,
  offersFeature,
  requestsFeature,
  profileFeature,
  proposalsFeature,
  registrationFeature,
  servicesFeature,
  suppliesFeature,
  supportFeature,
  accessibilityFeature,
  complaintsFeature,
  privacyFeature,
];

export const ROUTES: readonly RouteDefinition[] = FEATURES.flatMap((feature) =>
  Object.values(feature.routes),
);
