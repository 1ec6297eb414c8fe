// The accessibility statement (ADR 032): /accessibilita, open to anyone on every brand, linked from
// the footer; its feedback form works logged in and out.
import { defineFeature } from '../../shared/navigation/feature';

export const accessibilityFeature = defineFeature({
  name: 'accessibility',
  purpose:
    'the accessibility statement, open to anyone on every brand, and its feedback form, logged in or out (ADR 032)',
  texts: () => import('./i18n'),
  routes: {
    statement: {
      name: 'accessibility',
      path: '/accessibilita',
      login: 'optional',
      companyExempt: true,
      customerExempt: true,
      title: 'accessibility.titles.statement',
      // The logged-out feedback posts through the data layer.
      serverData: true,
      page: () => import('./pages/accessibility-page'),
    },
  },
});

export const accessibilityRoutes = accessibilityFeature.routes;
