import { erpSupplies } from '@sportello/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { callApi } from '../../../shared/api/api-client';
import { rememberBankDebitRequest } from '../bank-debit-flag';
import { supplyKeys } from './query-keys';

type Body = z.input<typeof erpSupplies.requestBankAccountChange.body>;

export function useRequestBankAccountChange(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => callApi(erpSupplies.requestBankAccountChange, { body }),
    onSuccess: async (created, { contractKey }) => {
      // The CRM may list the request later than it answers: the flag bridges the gap (SPEC §4).
      if (created.id > 0) rememberBankDebitRequest(contractKey, created.id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: supplyKeys.contract(contractId) }),
        queryClient.invalidateQueries({ queryKey: supplyKeys.bankDebitRequests(contractKey) }),
      ]);
    },
  });
}
