import { erpSupplies } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

export const useSupply = (id: string) =>
  useQuery({
    queryKey: supplyKeys.supply(id),
    queryFn: ({ signal }) =>
      callApi(erpSupplies.getSupply, { params: { id }, query: { includeTechnicalData: true }, signal }),
  });
