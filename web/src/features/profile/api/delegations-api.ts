// The delegations the chosen customer has given (ADR 047): listed for its holder, revoked, and the
// permission to change the direct debit given or taken back.
import { registration } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const givenDelegationsQuery = (customerId: string) =>
  callQueryOptions(registration.listGivenDelegations, { params: { customerId } });
export const revokeDelegation = callMutation(registration.revokeDelegation, {
  invalidates: () => [registration.listGivenDelegations],
});
export const setDelegationBanking = callMutation(registration.setDelegationBanking, {
  invalidates: () => [registration.listGivenDelegations],
});
