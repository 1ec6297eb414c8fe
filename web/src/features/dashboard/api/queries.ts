// The dashboard cards' reads, in one place so the page can start them all at once (before its one
// Suspense boundary) and each card reads the same cache entry: no card waits for another's answer.
import { core, erpInvoices, erpMessages, erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { callQueryOptions } from '../../../shared/api/call-query';

/** The latest unread messages shown on the card. */
export const LATEST_UNREAD = 3;

/** Everything still to pay, overdue first (SPEC §9: 100 for the outstanding check). */
export const outstandingInvoices = (customerId: string) =>
  callQueryOptions(erpInvoices.listInvoices, {
    query: { customerId, outstandingOnly: true, orderBy: 'overdueFirst', pagingTake: 100 },
  });

export const insolvencies = (customerId: string) =>
  callQueryOptions(erpInvoices.listInsolvencies, { query: { customerId } });

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
  callQueryOptions(erpSupplies.listSupplies, {
    query: { customerKey, activeOnly: true, pagingTake: PAGE_SIZE.supplies },
  });
