import { erpSupplies } from '@sportello/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

export type ShippingAddressRequest = {
  contractKey: string;
  contractId: string;
  shippingAddress: erpSupplies.ShippingAddress;
};

export function useRequestShippingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contractKey, shippingAddress }: ShippingAddressRequest) =>
      callApi(erpSupplies.requestShippingAddress, { body: { contractKey, shippingAddress } }),
    onSuccess: (_created, { contractId }) =>
      queryClient.invalidateQueries({ queryKey: supplyKeys.contract(contractId) }),
  });
}
