// Personal read-only tokens (ADR 037): listed, created (shown once) and revoked from the profile.
import { personal } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const personalTokensQuery = () => callQueryOptions(personal.listPersonalTokens);
export const createPersonalToken = callMutation(personal.createPersonalToken, {
  invalidates: () => [personal.listPersonalTokens],
});
export const revokePersonalToken = callMutation(personal.revokePersonalToken, {
  invalidates: () => [personal.listPersonalTokens],
});
