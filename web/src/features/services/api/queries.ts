// The services area's server data and changes, over the contract's calls.
import { erpInvoices, erpServices, erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const servicesQuery = (customerKey: string) =>
  callQueryOptions(erpServices.listServices, { query: { customerKey } });

/** SPEC §9: maintenance contract lists of 100. */
export const maintenanceQuery = (customerKey: string) =>
  callQueryOptions(erpServices.listMaintenanceContracts, {
    query: { customerKey, pagingTake: PAGE_SIZE.maintenanceContracts },
  });

/** Every request shows on the requests page at once; the service's state follows its request. */
const madeRequest = () => [erpServices.listServices, erpSupplies.listRequests];

export const activateService = callMutation(erpServices.requestServiceActivation, {
  invalidates: madeRequest,
});

/** Bolletta click is the billing-options request (SPEC §7), with e-mail delivery. */
export const requestPaperless = callMutation(erpInvoices.requestBillingOptions, { invalidates: madeRequest });
