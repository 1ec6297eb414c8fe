// The invoice pages of SPEC §2: the list (two paths), one bill, the comparison of two bills, the
// installment request, the installments to pay and the return from the payment gateway.
import { defineFeature } from '../../shared/navigation/feature';

const BILL_MODULES = ['panoram', 'dettFatt'] as const;

export const invoicesFeature = defineFeature({
  name: 'invoices',
  purpose:
    'bills, one bill, comparison, installment request, installments to pay, payment returns, offline payment codes (ADR 024, 025)',
  texts: () => import('./i18n'),
  routes: {
    list: {
      name: 'invoices',
      path: '/invoices',
      login: true,
      moduleKeys: ['fatt'],
      title: 'invoices.titles.list',
      menu: { label: 'invoices', moduleKeys: BILL_MODULES },
      page: () => import('./pages/invoices-page'),
    },
    listAlias: {
      name: 'invoices_list',
      path: '/invoices-list',
      login: true,
      moduleKeys: ['fatt'],
      title: 'invoices.titles.list',
      page: () => import('./pages/invoices-page'),
    },
    detail: {
      name: 'invoice',
      path: '/invoice/:id',
      login: true,
      moduleKeys: BILL_MODULES,
      title: 'invoices.titles.detail',
      page: () => import('./pages/invoice-page'),
    },
    chooseComparison: {
      name: 'invoice_comparation',
      path: '/invoice/:id/comparation',
      login: true,
      moduleKeys: BILL_MODULES,
      title: 'invoices.titles.compare',
      page: () => import('./pages/comparison-page'),
    },
    comparison: {
      name: 'invoice_comparation_two',
      path: '/invoice/:id/comparation/:other',
      login: true,
      moduleKeys: BILL_MODULES,
      title: 'invoices.titles.compare',
      page: () => import('./pages/comparison-page'),
    },
    requestInstallments: {
      name: 'invoice_request_installments',
      path: '/invoice/:id/request-installments/:contractKey/:key',
      login: true,
      moduleKeys: BILL_MODULES,
      title: 'invoices.titles.request_installments',
      page: () => import('./pages/request-installments-page'),
    },
    installmentsToPay: {
      name: 'invoice_installments_to_pay',
      path: '/invoice/:id/installments-to-pay',
      login: true,
      moduleKeys: ['pay'],
      title: 'invoices.titles.installments_to_pay',
      page: () => import('./pages/installments-to-pay-page'),
    },
    paymentOk: {
      name: 'invoice_payment_ok',
      path: '/invoice/:id/payment_ok',
      login: true,
      title: 'invoices.titles.payment',
      page: () => import('./pages/payment-ok-page'),
    },
    paymentKo: {
      name: 'invoice_payment_ko',
      path: '/invoice/:id/payment_ko',
      login: true,
      title: 'invoices.titles.payment',
      page: () => import('./pages/payment-ko-page'),
    },
  },
});

export const invoiceRoutes = invoicesFeature.routes;
