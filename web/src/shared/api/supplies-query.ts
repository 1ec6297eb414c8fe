// The customer's supplies, read by several features (dashboard cards, supplies, bills, metering):
// one query options builder, so they share one cache entry and one request per variant.
import { erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { callQueryOptions } from './call-query';

/** Every supply of the customer (SPEC §9: supplies page size 1000), or only the active ones. */
export const customerSuppliesQuery = (customerKey: string, { activeOnly = false } = {}) =>
  callQueryOptions(erpSupplies.listSupplies, {
    query: activeOnly
      ? { customerKey, activeOnly: true, pagingTake: PAGE_SIZE.supplies }
      : { customerKey, pagingTake: PAGE_SIZE.supplies },
  });
