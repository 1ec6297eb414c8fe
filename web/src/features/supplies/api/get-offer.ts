import { erpSupplies } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

export const useOffer = (id: string | null | undefined) =>
  useQuery({
    queryKey: supplyKeys.offer(id ?? ''),
    queryFn: ({ signal }) => callApi(erpSupplies.getOffer, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
    staleTime: 60 * 60_000,
  });
