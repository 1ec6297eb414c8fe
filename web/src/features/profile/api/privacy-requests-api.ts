// Erasure and objection requests (ADR 069): the customer's list and filing one. A refusal (one of the
// kind already open) is said beside the form in the server's Italian words.
import { erpSupplies, privacy } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const privacyRequestsQuery = (customerId: string) =>
  callQueryOptions(privacy.listPrivacyRequests, { params: { id: customerId } });

export const filePrivacyRequest = callMutation(privacy.filePrivacyRequest, {
  quiet: true,
  // Also a practice: Pratiche lists it.
  invalidates: () => [privacy.listPrivacyRequests, erpSupplies.listRequests],
});
