// The invoice queries and changes the pages share: the list, one bill, its detail, installments, and
// starting a payment (the server computes the amount; the browser only goes to the gateway's page).
import { erpInvoices, erpPayments } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const INVOICES_PAGE_SIZE = 5;

/** Type filters of the list (`typeCodes` in the URL); the values are the server's query. */
export const TYPE_FILTERS = {
  all: 'all',
  bills: '1,2,9,31',
  credit_notes: '4',
  other: '5,8',
} as const;
export type TypeFilter = keyof typeof TYPE_FILTERS;

export const invoiceListQuery = (customerId: string, typeFilter: TypeFilter, page: number) =>
  callQueryOptions(erpInvoices.listInvoices, {
    query: {
      customerId,
      orderBy: 'overdueFirst',
      typeCodes: TYPE_FILTERS[typeFilter],
      pagingSkip: page * INVOICES_PAGE_SIZE,
      pagingTake: INVOICES_PAGE_SIZE,
    },
  });

/** Everything still to pay, overdue first (SPEC §7: 100 for the outstanding check). */
export const outstandingQuery = (customerId: string) =>
  callQueryOptions(erpInvoices.listInvoices, {
    query: { customerId, outstandingOnly: true, orderBy: 'overdueFirst', pagingTake: 100 },
  });

export const invoiceQuery = (id: string) => callQueryOptions(erpInvoices.getInvoice, { params: { id } });

export const billQuery = (id: string) => callQueryOptions(erpInvoices.getInvoiceDetail, { params: { id } });

export const comparableQuery = (id: string) =>
  callQueryOptions(erpInvoices.listComparableInvoices, { params: { id } });

export const installmentsQuery = (invoiceId: string) =>
  callQueryOptions(erpInvoices.listInstallments, { query: { invoiceId } });

export const startPayment = callMutation(erpPayments.createPayment, {
  onSuccess: (payment) => {
    if (payment.redirectUrl) window.location.assign(payment.redirectUrl);
  },
});

export const sendBillByEmail = callMutation(erpInvoices.requestEmailInvoice);

export const askInstallments = callMutation(erpInvoices.requestInstallments, {
  invalidates: () => [erpInvoices.getInvoice],
});
