import { core, PAGE_SIZE } from '@sportello/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/** Unread (no read time, SPEC §4) active notifications for the user or for this customer. */
export const useUnreadNotifications = (customerId: string) =>
  useSuspenseQuery({
    queryKey: ['notifications', customerId, 'unread'],
    queryFn: async ({ signal }) => {
      const answer = await callApi(core.listNotifications, {
        query: { activeOnly: true, pagingTake: PAGE_SIZE.notifications },
        signal,
      });
      return answer.notifications.filter(
        (notification) =>
          notification.readTime === null &&
          (notification.customerId === null || notification.customerId === customerId),
      );
    },
  });
