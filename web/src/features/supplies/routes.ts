// The supplies pages of SPEC §2: the list, one supply, and its edit pages.
import { defineFeature } from '../../shared/navigation/feature';

export const suppliesFeature = defineFeature({
  name: 'supplies',
  purpose:
    'supplies, one supply (with the box of a coming price change, ADR 035), nickname, shipping address, bank debit',
  texts: () => import('./i18n'),
  routes: {
    list: {
      name: 'supplies',
      path: '/supplies',
      login: true,
      title: 'supplies.titles.list',
      menu: { label: 'supplies' },
      page: () => import('./pages/supplies-page'),
    },
    detail: {
      name: 'supply',
      path: '/supplies/:id',
      login: true,
      title: 'supplies.titles.detail',
      page: () => import('./pages/supply-page'),
    },
    editName: {
      name: 'supply_edit_name',
      path: '/supplies/:id/edit-name',
      login: true,
      title: 'supplies.titles.edit_name',
      page: () => import('./pages/edit-name-page'),
    },
    editShippingAddress: {
      name: 'supply_edit_shipping_address',
      path: '/supplies/:id/edit-shipping-address',
      login: true,
      title: 'supplies.titles.edit_shipping_address',
      page: () => import('./pages/edit-shipping-address-page'),
    },
    editBankDebit: {
      name: 'supply_edit_bank_debit',
      path: '/supplies/:id/edit-bank-debit',
      login: true,
      title: 'supplies.titles.edit_bank_debit',
      page: () => import('./pages/edit-bank-debit-page'),
    },
    addBankDebit: {
      name: 'supply_add_bank_debit',
      path: '/supplies/:id/add-bank-debit',
      login: true,
      title: 'supplies.titles.add_bank_debit',
      page: () => import('./pages/add-bank-debit-page'),
    },
  },
});

export const supplyRoutes = suppliesFeature.routes;
