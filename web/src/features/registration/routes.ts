// The registration feature's routes (SPEC §2 Registration, Forgotten password, reset/create
// password, request_delegation): registering a customer or a delegate, asking a delegation and
// recovering a password.
import { defineFeature } from '../../shared/navigation/feature';

const open = { login: false } as const;
const CUSTOMER = '/registrazione/cliente-sgr';
const DELEGATE = '/registrazione/delegate';

export const registrationFeature = defineFeature({
  name: 'registration',
  purpose:
    "registering a customer (proof of possession, ADR 022) or a delegate, linking one's own contract (ADR 053), asking a delegation, forgotten and new password",
  texts: () => import('./i18n'),
  routes: {
    start: {
      name: 'registration',
      path: '/registrazione',
      ...open,
      title: 'registration.titles.start',
      page: () => import('./pages/start-page'),
    },
    type: {
      name: 'registration_type',
      path: CUSTOMER,
      ...open,
      title: 'registration.titles.type',
      page: () => import('./pages/customer-type-page'),
    },
    data: {
      name: 'registration_data',
      path: `${CUSTOMER}/:type/dati`,
      ...open,
      title: 'registration.titles.data',
      page: () => import('./pages/customer-data-page'),
    },
    supplies: {
      name: 'registration_supplies',
      path: `${CUSTOMER}/forniture`,
      ...open,
      title: 'registration.titles.supplies',
      page: () => import('./pages/customer-supplies-page'),
    },
    username: {
      name: 'registration_username',
      path: `${CUSTOMER}/username`,
      ...open,
      title: 'registration.titles.username',
      page: () => import('./pages/customer-username-page'),
    },
    privacy: {
      name: 'registration_privacy',
      path: `${CUSTOMER}/privacy`,
      ...open,
      title: 'registration.titles.privacy',
      page: () => import('./pages/customer-privacy-page'),
    },
    // After the fixed steps above: `/:type` would match `forniture`, `username` and `privacy` too.
    typeEntry: {
      name: 'registration_type_entry',
      path: `${CUSTOMER}/:type`,
      ...open,
      title: 'registration.titles.data',
      page: () => import('./pages/customer-data-page'),
    },
    prefilled: {
      name: 'registration_prefilled',
      path: `${CUSTOMER}/:type/tax-code/:taxCode`,
      ...open,
      title: 'registration.titles.data',
      page: () => import('./pages/customer-data-page'),
    },
    delegate: {
      name: 'registration_delegate',
      path: DELEGATE,
      ...open,
      title: 'registration.titles.delegate',
      page: () => import('./pages/delegate-name-page'),
    },
    delegateContacts: {
      name: 'registration_delegate_contacts',
      path: `${DELEGATE}/contacts`,
      ...open,
      title: 'registration.titles.delegate_contacts',
      page: () => import('./pages/delegate-contacts-page'),
    },
    delegateAddress: {
      name: 'registration_delegate_address',
      path: `${DELEGATE}/address`,
      ...open,
      // The address form's town and street suggestions are queries.
      serverData: true,
      title: 'registration.titles.delegate_address',
      page: () => import('./pages/delegate-address-page'),
    },
    delegateUsername: {
      name: 'registration_delegate_username',
      path: `${DELEGATE}/username`,
      ...open,
      title: 'registration.titles.delegate_username',
      page: () => import('./pages/delegate-username-page'),
    },
    delegatePrivacy: {
      name: 'registration_delegate_privacy',
      path: `${DELEGATE}/privacy`,
      ...open,
      title: 'registration.titles.delegate_privacy',
      page: () => import('./pages/delegate-privacy-page'),
    },
    requestDelegation: {
      name: 'request_delegation',
      path: '/profile/request-delegation',
      login: true,
      customerExempt: true,
      title: 'registration.titles.request_delegation',
      page: () => import('./pages/request-delegation-page'),
    },
    linkContract: {
      name: 'link_contract',
      path: '/profile/link-contract',
      login: true,
      customerExempt: true,
      title: 'registration.titles.link_contract',
      page: () => import('./pages/link-contract-page'),
    },
    forgot: {
      name: 'forgot_password',
      path: '/password-dimenticata',
      ...open,
      title: 'registration.titles.forgot',
      page: () => import('./pages/forgot-password-page'),
    },
    forgotUsername: {
      name: 'forgot_password_username',
      path: '/password-dimenticata/username',
      ...open,
      title: 'registration.titles.forgot_username',
      page: () => import('./pages/forgot-by-username-page'),
    },
    forgotCode: {
      name: 'forgot_password_code',
      path: '/password-dimenticata/codice-cliente',
      ...open,
      title: 'registration.titles.forgot_code',
      page: () => import('./pages/forgot-by-code-page'),
    },
    reset: {
      name: 'reset_password',
      path: '/recupero-psw',
      login: 'optional',
      title: 'registration.titles.reset',
      page: () => import('./pages/reset-password-page'),
    },
    create: {
      name: 'create_password',
      path: '/crea-psw',
      login: 'optional',
      title: 'registration.titles.create',
      page: () => import('./pages/create-password-page'),
    },
  },
});

export const registrationRoutes = registrationFeature.routes;
