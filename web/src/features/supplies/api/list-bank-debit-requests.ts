import { erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

export const BANK_DEBIT_REQUEST_TYPE = 'GestioneSDD';

/** The latest bank-debit (GestioneSDD) requests of a contract: SPEC §9 checks 10. */
export const useBankDebitRequests = (contractKey: string | undefined) =>
  useQuery({
    queryKey: supplyKeys.bankDebitRequests(contractKey ?? ''),
    queryFn: ({ signal }) =>
      callApi(erpSupplies.listRequests, {
        query: {
          contractKey: contractKey ?? '',
          requestType: BANK_DEBIT_REQUEST_TYPE,
          pagingTake: PAGE_SIZE.bankDebitRequestCheck,
        },
        signal,
      }),
    enabled: Boolean(contractKey),
  });
