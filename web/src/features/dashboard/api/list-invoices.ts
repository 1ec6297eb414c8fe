import { erpInvoices, PAGE_SIZE } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/** The first few invoices still to pay; the answer also carries the total still to pay. */
export const useOutstandingInvoices = (customerId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['invoices', customerId, 'outstanding'],
    enabled,
    queryFn: ({ signal }) =>
      callApi(erpInvoices.listInvoices, {
        query: { customerId, outstandingOnly: true, orderBy: 'dueDate', pagingTake: PAGE_SIZE.invoices },
        signal,
      }),
  });
