// The auth feature's routes (SPEC §2): the entry decision, the brand choice and login.
import { defineFeature } from '../../shared/navigation/feature';

export const authFeature = defineFeature({
  texts: () => import('./i18n'),
  routes: {
    index: {
      name: 'index',
      path: '/',
      login: 'optional',
      title: 'auth.titles.index',
      page: () => import('./routes/index-page'),
    },
    company: {
      name: 'company',
      path: '/company',
      login: false,
      title: 'auth.titles.company',
      companyExempt: true,
      app: { fullScreen: true, hideBack: true, statusBarStyle: 'dark' },
      page: () => import('./routes/company-page'),
    },
    login: {
      name: 'login',
      path: '/login',
      login: false,
      title: 'auth.titles.login',
      app: { fullScreen: true, hideBack: true, statusBarStyle: 'light' },
      page: () => import('./routes/login-page'),
    },
  },
});

export const authRoutes = authFeature.routes;
