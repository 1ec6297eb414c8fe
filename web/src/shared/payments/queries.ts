// Reads about what a customer owes, shared by the dashboard and the bills pages: the same query
// options, so both read one cache entry.
import { erpInvoices } from '@sportello/contract';
import { callQueryOptions } from '../api/call-query';

/** Everything still to pay, overdue first (SPEC §9: 100 for the outstanding check). */
export const outstandingInvoicesQuery = (customerId: string) =>
  callQueryOptions(erpInvoices.listInvoices, {
    query: { customerId, outstandingOnly: true, orderBy: 'overdueFirst', pagingTake: 100 },
  });

/** Open insolvencies; SPEC §6: ask only where the brand enables panoram. */
export const insolvenciesQuery = (customerId: string) =>
  callQueryOptions(erpInvoices.listInsolvencies, { query: { customerId } });

/** A bill's installments: the bill page lists them, the dashboard's line says which one is due. */
export const installmentsQuery = (invoiceId: string) =>
  callQueryOptions(erpInvoices.listInstallments, { query: { invoiceId } });
