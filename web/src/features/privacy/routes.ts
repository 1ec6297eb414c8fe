// The brand's privacy notice and cookie policy (GDPR arts. 13-14, ADR 069): product pages, open logged
// in and out on every brand, linked from the footer, the consent banner, registration and the forms
// that collect data.
import { defineFeature } from '../../shared/navigation/feature';

export const privacyFeature = defineFeature({
  name: 'privacy',
  purpose:
    'the brand’s privacy notice and cookie policy, logged in or out: controller, purposes, recipients, retention, rights and how to use them here (ADR 069)',
  texts: () => import('./i18n'),
  routes: {
    notice: {
      name: 'privacy_notice',
      path: '/privacy',
      login: 'optional',
      customerExempt: true,
      title: 'privacy.titles.notice',
      page: () => import('./pages/privacy-notice-page'),
    },
    cookies: {
      name: 'cookie_policy',
      path: '/cookie',
      login: 'optional',
      customerExempt: true,
      title: 'privacy.titles.cookies',
      page: () => import('./pages/cookie-policy-page'),
    },
  },
});

export const privacyRoutes = privacyFeature.routes;
