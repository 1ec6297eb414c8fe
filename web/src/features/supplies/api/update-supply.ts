import { erpSupplies } from '@sportello/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

/** Sets (or, with null, clears) the nickname; every list that shows it is refreshed. */
export function useRenameSupply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; nickname: string | null }) =>
      callApi(erpSupplies.updateSupply, { body }),
    onSuccess: async (supply) => {
      queryClient.setQueryData(supplyKeys.supply(supply.id), (previous: erpSupplies.Supply | undefined) =>
        previous ? { ...previous, nickname: supply.nickname } : previous,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: supplyKeys.lists }),
        queryClient.invalidateQueries({ queryKey: supplyKeys.supply(supply.id) }),
      ]);
    },
  });
}
