// The route table of SPEC §2 as data. Adding a page is one entry here; module-gated entries exist
// only while the server's module list holds their key (see route-availability.ts).
import type { ComponentType } from 'react';
import type { ModuleKey } from '@sportello/contract';
import type { StatusBarStyle } from '../native/platform';
import type it from '../shared/i18n/it.json';

export type LoginRequirement = boolean | 'optional';

export interface RouteDefinition {
  name: string;
  path: string;
  login: LoginRequirement;
  /** The route exists only when the server enables one of these module keys. */
  moduleKeys?: readonly ModuleKey[];
  /** Catalogue key under `titles.`; the page title gets the brand suffix. */
  title: keyof (typeof it)['titles'];
  /** Reachable without a chosen brand (guard 4). */
  companyExempt?: boolean;
  /** Reachable by a logged-in user before choosing a customer (guard 9). */
  customerExempt?: boolean;
  /** Reads server data through TanStack Query; defaults to true for routes that need login. */
  serverData?: boolean;
  /** Error pages render without the server: no session, no module reload. */
  errorPage?: boolean;
  /** Metadata used only inside the native app. */
  app?: { fullScreen?: boolean; hideBack?: boolean; statusBarStyle?: StatusBarStyle };
  page: () => Promise<{ default: ComponentType }>;
}

const errorPage = { login: 'optional', companyExempt: true, errorPage: true } as const;

export const ROUTES: readonly RouteDefinition[] = [
  { name: 'index', path: '/', login: 'optional', title: 'index', page: () => import('./index-page') },
  {
    name: 'error',
    path: '/errore',
    title: 'error',
    ...errorPage,
    page: () => import('../features/errors/routes/generic-error-page'),
  },
  {
    name: 'error_no_customers',
    path: '/errore/in-attesa-di-conferma',
    title: 'error_no_customers',
    ...errorPage,
    page: () => import('../features/errors/routes/no-customers-page'),
  },
  {
    name: 'error-503',
    path: '/errore/server-in-manutenzione',
    title: 'error_503',
    ...errorPage,
    page: () => import('../features/errors/routes/maintenance-page'),
  },
  {
    name: 'offline',
    path: '/errore/offline',
    title: 'offline',
    ...errorPage,
    page: () => import('../features/errors/routes/offline-page'),
  },
  {
    name: 'error-404',
    path: '/errore/pagina-non-trovata',
    title: 'error_404',
    ...errorPage,
    page: () => import('../features/errors/routes/not-found-page'),
  },
  {
    name: 'company',
    path: '/company',
    login: false,
    title: 'company',
    companyExempt: true,
    app: { fullScreen: true, hideBack: true, statusBarStyle: 'dark' },
    page: () => import('../features/auth/routes/company-page'),
  },
  {
    name: 'login',
    path: '/login',
    login: false,
    title: 'login',
    app: { fullScreen: true, hideBack: true, statusBarStyle: 'light' },
    page: () => import('../features/auth/routes/login-page'),
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    login: true,
    title: 'dashboard',
    app: { hideBack: true, statusBarStyle: 'light' },
    page: () => import('../features/dashboard/routes/dashboard-page'),
  },
  {
    name: 'customers',
    path: '/customers',
    login: true,
    title: 'customers',
    customerExempt: true,
    page: () => import('../features/customers/routes/customers-page'),
  },
  {
    name: 'supplies',
    path: '/supplies',
    login: true,
    title: 'supplies',
    page: () => import('../features/supplies/routes/supplies-page'),
  },
  {
    name: 'supply',
    path: '/supplies/:id',
    login: true,
    title: 'supply',
    page: () => import('../features/supplies/routes/supply-page'),
  },
  {
    name: 'supply_edit_name',
    path: '/supplies/:id/edit-name',
    login: true,
    title: 'supply_edit_name',
    page: () => import('../features/supplies/routes/edit-name-page'),
  },
  {
    name: 'supply_edit_shipping_address',
    path: '/supplies/:id/edit-shipping-address',
    login: true,
    title: 'supply_edit_shipping_address',
    page: () => import('../features/supplies/routes/edit-shipping-address-page'),
  },
  {
    name: 'supply_edit_bank_debit',
    path: '/supplies/:id/edit-bank-debit',
    login: true,
    title: 'supply_edit_bank_debit',
    page: () => import('../features/supplies/routes/edit-bank-debit-page'),
  },
  {
    name: 'supply_add_bank_debit',
    path: '/supplies/:id/add-bank-debit',
    login: true,
    title: 'supply_add_bank_debit',
    page: () => import('../features/supplies/routes/add-bank-debit-page'),
  },
];

export const ERROR_404_PATH = '/errore/pagina-non-trovata';
