import { erpInvoices, PAGE_SIZE } from '@sportello/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/** The first few invoices still to pay; the answer also carries the total still to pay. */
export const useOutstandingInvoices = (customerId: string) =>
  useSuspenseQuery({
    queryKey: ['invoices', customerId, 'outstanding'],
    queryFn: ({ signal }) =>
      callApi(erpInvoices.listInvoices, {
        query: { customerId, outstandingOnly: true, orderBy: 'dueDate', pagingTake: PAGE_SIZE.invoices },
        signal,
      }),
  });
