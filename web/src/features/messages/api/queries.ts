// The messages' server data. Reading a message marks it read on the server, so every list of
// messages (this feature's, the dashboard card, the menu's count) is stale once one is opened.
import { erpMessages } from '@sportello/contract';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { callQueryKey, callQueryOptions } from '../../../shared/api/call-query';

export const MESSAGES_PAGE_SIZE = 10;

export const messagesPageQuery = (customerKey: string, page: number) => ({
  ...callQueryOptions(erpMessages.listMessages, {
    query: { customerKey, pagingSkip: page * MESSAGES_PAGE_SIZE, pagingTake: MESSAGES_PAGE_SIZE },
  }),
  placeholderData: keepPreviousData,
});

/** Quiet: a message that is not (or no longer) reachable gets its own page, not a popup. */
export const messageQuery = (id: string) =>
  callQueryOptions(erpMessages.getMessage, { params: { id } }, { quiet: true });

export const refreshMessageCounts = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: callQueryKey(erpMessages.listMessages) });
