import { erpMessages } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

const LATEST_UNREAD = 3;

export const useUnreadMessages = (customerKey: string) =>
  useQuery({
    queryKey: ['messages', customerKey, 'unread'],
    queryFn: ({ signal }) =>
      callApi(erpMessages.listMessages, {
        query: { customerKey, unreadOnly: true, pagingTake: LATEST_UNREAD },
        signal,
      }),
  });
