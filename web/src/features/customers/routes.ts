// The customer choice (SPEC §2 customers, §6): reachable before a customer is chosen (guard 9).
import { defineFeature } from '../../shared/navigation/feature';

export const customersFeature = defineFeature({
  name: 'customers',
  purpose: 'choosing one of the customers a user reaches (guard 9)',
  texts: () => import('./i18n'),
  routes: {
    choice: {
      name: 'customers',
      path: '/customers',
      login: true,
      title: 'customers.titles.choice',
      customerExempt: true,
      page: () => import('./pages/customers-page'),
    },
  },
});

export const customerRoutes = customersFeature.routes;
