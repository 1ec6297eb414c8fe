import { erpMessages } from '@sportello/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

const LATEST_UNREAD = 3;

export const useUnreadMessages = (customerKey: string) =>
  useSuspenseQuery({
    queryKey: ['messages', customerKey, 'unread'],
    queryFn: ({ signal }) =>
      callApi(erpMessages.listMessages, {
        query: { customerKey, unreadOnly: true, pagingTake: LATEST_UNREAD },
        signal,
      }),
  });
