// The dashboard (SPEC §2), first entry of the logged-in menu.
import { defineFeature } from '../../shared/navigation/feature';

export const dashboardFeature = defineFeature({
  name: 'dashboard',
  purpose:
    'the first page: supplies, what is owed, a coming price change, messages, shortcuts to the module pages',
  texts: () => import('./i18n'),
  routes: {
    home: {
      name: 'dashboard',
      path: '/dashboard',
      login: true,
      title: 'dashboard.titles.home',
      menu: { label: 'home' },
      app: { hideBack: true, statusBarStyle: 'light' },
      page: () => import('./pages/dashboard-page'),
    },
  },
});

export const dashboardRoutes = dashboardFeature.routes;
