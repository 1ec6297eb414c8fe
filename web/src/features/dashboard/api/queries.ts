// The dashboard cards' reads, in one place so the page can start them all at once (before its one
// Suspense boundary) and each card reads the same cache entry: no card waits for another's answer.
import { core, erpMessages, erpMetering, erpPriceChanges, PAGE_SIZE } from '@sportello/contract';
import { ApiFailure, callApi } from '../../../shared/api/api-client';
import { callQueryKey, callQueryOptions } from '../../../shared/api/call-query';
import { customerSuppliesQuery } from '../../../shared/api/supplies-query';

/** The latest unread messages shown on the card. */
export const LATEST_UNREAD = 3;

export {
  insolvenciesQuery as insolvencies,
  outstandingInvoicesQuery as outstandingInvoices,
} from '../../../shared/payments/queries';

export const unreadMessages = (customerKey: string) =>
  callQueryOptions(erpMessages.listMessages, {
    query: { customerKey, unreadOnly: true, pagingTake: LATEST_UNREAD },
  });

export const activeNotifications = () =>
  callQueryOptions(core.listNotifications, {
    query: { activeOnly: true, pagingTake: PAGE_SIZE.notifications },
  });

/** Read by the supplies card and the reading-window card alike. */
export const activeSupplies = (customerKey: string) =>
  customerSuppliesQuery(customerKey, { activeOnly: true });

/** A supply without a meter answers 404: no window, which is no news for the dashboard. */
export function windowOrNone(supplyKey: string) {
  const input = { query: { supplyKey } };
  return {
    queryKey: [...callQueryKey(erpMetering.getReadingWindow, input), 'or-none'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi(erpMetering.getReadingWindow, { ...input, signal }, { quiet: true }).catch((error: unknown) => {
        if (error instanceof ApiFailure && error.status === 404) return null;
        throw error;
      }),
  };
}

/** The price changes notified to the customer that have not applied yet (ADR 035). */
export const pendingPriceChanges = (customerKey: string) =>
  callQueryOptions(erpPriceChanges.listPriceChanges, { query: { customerKey } });
