import { erpSupplies } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

export const useContract = (id: string | undefined) =>
  useQuery({
    queryKey: supplyKeys.contract(id ?? ''),
    queryFn: ({ signal }) => callApi(erpSupplies.getContract, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });
