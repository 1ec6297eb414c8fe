import { erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const useActiveSupplies = (customerKey: string) =>
  useQuery({
    queryKey: ['supplies', customerKey, 'active'],
    queryFn: ({ signal }) =>
      callApi(erpSupplies.listSupplies, {
        query: { customerKey, activeOnly: true, pagingTake: PAGE_SIZE.supplies },
        signal,
      }),
  });
