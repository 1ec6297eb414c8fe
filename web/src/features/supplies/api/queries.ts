// The supplies area's server data, as query options over the contract's calls (shared/api/call-query).
import { erpPriceChanges, erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { callQueryOptions } from '../../../shared/api/call-query';
import { customerSuppliesQuery } from '../../../shared/api/supplies-query';

export const BANK_DEBIT_REQUEST_TYPE = 'GestioneSDD';

/** Every supply of the customer, active or not. */
export const suppliesQuery = (customerKey: string) => customerSuppliesQuery(customerKey);

export const supplyQuery = (id: string) =>
  callQueryOptions(erpSupplies.getSupply, { params: { id }, query: { includeTechnicalData: true } });

export const contractQuery = (id: string) => callQueryOptions(erpSupplies.getContract, { params: { id } });

/** Offers change seldom. */
export const offerQuery = (id: string) => ({
  ...callQueryOptions(erpSupplies.getOffer, { params: { id } }),
  staleTime: 60 * 60_000,
});

/**
 * The meter group only matters for hourly-price offers (SPEC §4); a supply without one answers
 * 404, which is not an error worth a popup here, so the call is quiet.
 */
export const meterGroupQuery = (supplyKey: string) =>
  callQueryOptions(erpSupplies.describeMeterGroup, { query: { supplyKey } }, { quiet: true });

/** The latest bank-debit (GestioneSDD) requests of a contract: SPEC §9 checks 10. */
export const bankDebitRequestsQuery = (contractKey: string) =>
  callQueryOptions(erpSupplies.listRequests, {
    query: {
      contractKey,
      requestType: BANK_DEBIT_REQUEST_TYPE,
      pagingTake: PAGE_SIZE.bankDebitRequestCheck,
    },
  });

/** The price changes notified for the supply that have not applied yet (ADR 035). */
export const supplyPriceChangesQuery = (id: string) =>
  callQueryOptions(erpPriceChanges.listSupplyPriceChanges, { params: { id } });
