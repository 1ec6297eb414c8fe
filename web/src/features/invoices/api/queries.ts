// The invoice queries and changes the pages share: the list, one bill, its detail, installments, and
// the requests made from a bill.
import { erpInvoices } from '@sportello/contract';
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

/** Narrowing of the list to one supply contract and one year of issue (null: all). */
export interface ListScope {
  contractId: string | null;
  year: number | null;
}

export const invoiceListQuery = (
  customerId: string,
  typeFilter: TypeFilter,
  page: number,
  scope: ListScope = { contractId: null, year: null },
) =>
  callQueryOptions(erpInvoices.listInvoices, {
    query: {
      customerId,
      orderBy: 'overdueFirst',
      typeCodes: TYPE_FILTERS[typeFilter],
      ...(scope.contractId ? { contractId: scope.contractId } : {}),
      ...(scope.year ? { year: scope.year } : {}),
      pagingSkip: page * INVOICES_PAGE_SIZE,
      pagingTake: INVOICES_PAGE_SIZE,
    },
  });

export {
  installmentsQuery,
  outstandingInvoicesQuery as outstandingQuery,
} from '../../../shared/payments/queries';

export const invoiceQuery = (id: string) => callQueryOptions(erpInvoices.getInvoice, { params: { id } });

export const billQuery = (id: string) => callQueryOptions(erpInvoices.getInvoiceDetail, { params: { id } });

export const comparableQuery = (id: string) =>
  callQueryOptions(erpInvoices.listComparableInvoices, { params: { id } });

export const sendBillByEmail = callMutation(erpInvoices.requestEmailInvoice);

/** Its refusal is said once, inline on the form (never a popup as well). */
export const askInstallments = callMutation(erpInvoices.requestInstallments, {
  quiet: true,
  invalidates: () => [erpInvoices.getInvoice],
});
