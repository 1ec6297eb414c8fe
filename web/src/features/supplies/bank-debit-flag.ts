// The local flag of SPEC §4: after a bank-debit request succeeds the change counts as in progress
// at once, even before the CRM lists the request. The flag holds the new request's id per
// contract key; once the server lists that request, the server's state decides alone (so the
// flag cannot block further changes after the back office has closed the request).
import { isBankDebitChangeInProgress, type RequestSummary } from '@sportello/domain';
import type { erpSupplies } from '@sportello/contract';
import { savedValue } from '../../shared/state/local-storage';

const flagKey = (contractKey: string) => `bankDebitRequest.${contractKey}`;

export function rememberBankDebitRequest(contractKey: string, requestId: number): void {
  savedValue.write(flagKey(contractKey), String(requestId));
}

export function forgetBankDebitRequest(contractKey: string): void {
  savedValue.write(flagKey(contractKey), null);
}

export function toRequestSummary(request: erpSupplies.RequestTicket): RequestSummary {
  return {
    requestType: request.requestType,
    status: request.Status,
    phaseCode: request.PhaseCode,
    createdDate: request.CreatedDate,
  };
}

export interface BankDebitChange {
  inProgress: boolean;
  /** The flagged request is now listed by the server: the flag can go. */
  flagServed: boolean;
}

export function bankDebitChange(
  contractKey: string,
  requests: readonly erpSupplies.RequestTicket[],
): BankDebitChange {
  const flagged = savedValue.read(flagKey(contractKey));
  const flagServed = flagged !== null && requests.some((request) => String(request.id) === flagged);
  return {
    inProgress: isBankDebitChangeInProgress(flagged !== null && !flagServed, requests.map(toRequestSummary)),
    flagServed,
  };
}
