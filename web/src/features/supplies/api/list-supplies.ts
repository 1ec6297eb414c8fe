import { erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

/** Every supply of the customer, active or not (SPEC §9: supplies page size 1000). */
export const useSupplies = (customerKey: string) =>
  useQuery({
    queryKey: supplyKeys.list(customerKey),
    queryFn: ({ signal }) =>
      callApi(erpSupplies.listSupplies, {
        query: { customerKey, pagingTake: PAGE_SIZE.supplies },
        signal,
      }),
    enabled: customerKey !== '',
  });
