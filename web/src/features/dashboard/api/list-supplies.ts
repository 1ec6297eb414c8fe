import { erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const useActiveSupplies = (customerKey: string) =>
  useSuspenseQuery({
    queryKey: ['supplies', customerKey, 'active'],
    queryFn: ({ signal }) =>
      callApi(erpSupplies.listSupplies, {
        query: { customerKey, activeOnly: true, pagingTake: PAGE_SIZE.supplies },
        signal,
      }),
  });
