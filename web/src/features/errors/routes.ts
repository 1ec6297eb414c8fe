// The error pages of SPEC §2. They render whatever the state (no brand, no session, offline),
// so the guards let them through and the router fetches them ahead (router.tsx).
import { defineFeature } from '../../shared/navigation/feature';

const errorPage = { login: 'optional', companyExempt: true, errorPage: true } as const;

export const errorsFeature = defineFeature({
  name: 'errors',
  purpose: 'the error pages, which render whatever the state',
  texts: () => import('./i18n'),
  routes: {
    generic: {
      name: 'error',
      path: '/errore',
      title: 'errors.titles.generic',
      ...errorPage,
      page: () => import('./pages/generic-error-page'),
    },
    noCustomers: {
      name: 'error_no_customers',
      path: '/errore/in-attesa-di-conferma',
      title: 'errors.titles.no_customers',
      ...errorPage,
      page: () => import('./pages/no-customers-page'),
    },
    maintenance: {
      name: 'error-503',
      path: '/errore/server-in-manutenzione',
      title: 'errors.titles.maintenance',
      ...errorPage,
      page: () => import('./pages/maintenance-page'),
    },
    offline: {
      name: 'offline',
      path: '/errore/offline',
      title: 'errors.titles.offline',
      ...errorPage,
      page: () => import('./pages/offline-page'),
    },
    notFound: {
      name: 'error-404',
      path: '/errore/pagina-non-trovata',
      title: 'errors.titles.not_found',
      ...errorPage,
      page: () => import('./pages/not-found-page'),
    },
  },
});

export const errorRoutes = errorsFeature.routes;
