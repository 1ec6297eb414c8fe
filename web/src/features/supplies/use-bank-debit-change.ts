// Whether a bank-debit change of the contract is in progress (SPEC §4), from the local flag and
// the contract's latest GestioneSDD requests.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { bankDebitRequestsQuery } from './api/queries';
import { bankDebitChange, forgetBankDebitRequest } from './bank-debit-flag';

export type BankDebitChangeStatus = 'pending' | 'error' | 'in-progress' | 'free';

export function useBankDebitChange(contractKey: string | undefined): BankDebitChangeStatus {
  const requests = useQuery({ ...bankDebitRequestsQuery(contractKey ?? ''), enabled: Boolean(contractKey) });
  const change =
    contractKey && requests.data ? bankDebitChange(contractKey, requests.data.requests) : undefined;
  const flagServed = change?.flagServed ?? false;
  useEffect(() => {
    if (contractKey && flagServed) forgetBankDebitRequest(contractKey);
  }, [contractKey, flagServed]);
  if (requests.status === 'error') return 'error';
  if (!change) return 'pending';
  return change.inProgress ? 'in-progress' : 'free';
}
