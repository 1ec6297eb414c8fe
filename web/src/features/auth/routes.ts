// The auth feature's routes (SPEC §2): the entry decision, the brand choice, login, and the app's
// login with biometrics (app login, the offer to enable biometrics, the password before enabling).
import { defineFeature } from '../../shared/navigation/feature';

export const authFeature = defineFeature({
  name: 'auth',
  purpose:
    "the entry decision, brand choice, login, the app's login and biometrics, which login to keep after a handover (ADR 023)",
  texts: () => import('./i18n'),
  routes: {
    index: {
      name: 'index',
      path: '/',
      login: 'optional',
      title: 'auth.titles.index',
      page: () => import('./pages/index-page'),
    },
    company: {
      name: 'company',
      path: '/company',
      login: false,
      title: 'auth.titles.company',
      companyExempt: true,
      app: { fullScreen: true, hideBack: true, statusBarStyle: 'dark' },
      page: () => import('./pages/company-page'),
    },
    login: {
      name: 'login',
      path: '/login',
      login: false,
      title: 'auth.titles.login',
      app: { fullScreen: true, hideBack: true, statusBarStyle: 'light' },
      page: () => import('./pages/login-page'),
    },
    // ADR 023: which login to keep when an entry link hands over another user's.
    handover: {
      name: 'handover',
      path: '/accesso',
      login: 'optional',
      customerExempt: true,
      title: 'auth.titles.handover',
      page: () => import('./pages/handover-page'),
    },
    appLogin: {
      name: 'app-login',
      path: '/applogin',
      login: false,
      title: 'auth.titles.app_login',
      app: { fullScreen: true, hideBack: true, statusBarStyle: 'light' },
      page: () => import('./pages/app-login-page'),
    },
    activeBiometric: {
      name: 'active_biometric',
      path: '/active-biometric',
      login: true,
      customerExempt: true,
      title: 'auth.titles.active_biometric',
      app: { fullScreen: true, hideBack: true, statusBarStyle: 'light' },
      page: () => import('./pages/active-biometric-page'),
    },
    confirmBiometric: {
      name: 'confirm_psw_biometric',
      path: '/profile/confirm-psw-biometric',
      login: true,
      title: 'auth.titles.confirm_biometric',
      page: () => import('./pages/confirm-biometric-page'),
    },
  },
});

export const authRoutes = authFeature.routes;
