// The customer's supplies and contracts, read by several features (dashboard cards, supplies, bills,
// metering, profile, write-us): one query options builder each, so they share one cache entry and one
// request per variant.
import { erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { callQueryOptions } from './call-query';

/** Every supply of the customer (SPEC §9: supplies page size 1000), or only the active ones. */
export const customerSuppliesQuery = (customerKey: string, { activeOnly = false } = {}) =>
  callQueryOptions(erpSupplies.listSupplies, {
    query: activeOnly
      ? { customerKey, activeOnly: true, pagingTake: PAGE_SIZE.supplies }
      : { customerKey, pagingTake: PAGE_SIZE.supplies },
  });

/** Every contract of the customer (SPEC §9 page size 1000, as for supplies). */
export const customerContractsQuery = (customerKey: string) =>
  callQueryOptions(erpSupplies.listContracts, { query: { customerKey, pagingTake: PAGE_SIZE.supplies } });
