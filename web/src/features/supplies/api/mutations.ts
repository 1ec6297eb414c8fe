// The supplies area's changes, as mutation options over the contract's calls, each with the
// queries its success makes stale.
import { erpSupplies } from '@sportello/contract';
import { callMutation, callQueryKey } from '../../../shared/api/call-query';
import { rememberBankDebitRequest } from '../bank-debit-flag';

/** Sets (or, with null, clears) the nickname; every list that shows it is refreshed. */
export const renameSupply = callMutation(erpSupplies.updateSupply, {
  invalidates: (supply) => [
    erpSupplies.listSupplies,
    callQueryKey(erpSupplies.getSupply, { params: { id: supply.id } }),
  ],
});

export const requestBankAccountChange = callMutation(erpSupplies.requestBankAccountChange, {
  // The CRM may list the request later than it answers: the flag bridges the gap (SPEC §4).
  onSuccess: (created, { body }) => {
    if (created.id > 0 && body) rememberBankDebitRequest(body.contractKey, created.id);
  },
  invalidates: (_created, { body }) => [
    erpSupplies.getContract,
    callQueryKey(erpSupplies.listRequests, { query: { contractKey: body?.contractKey } }),
  ],
});
