// The number of unread notifications of the customer acted for, beside their name in the header;
// nothing when there are none. It shares its query (and cache entry) with the dashboard's card.
import { core, PAGE_SIZE } from '@sportello/contract';
import { isUnreadNotificationFor } from '@sportello/domain';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '../../../shared/api/call-query';
import { useAppStore } from '../../../shared/state/app-store';
import { t } from '../i18n';
import './unread-count.css';

export default function UnreadCount() {
  const customerId = useAppStore((state) => state.customer?.id ?? '');
  // Quiet: the header is not the place for a popup about a count.
  const { data: count = 0 } = useQuery({
    ...callQueryOptions(
      core.listNotifications,
      { query: { activeOnly: true, pagingTake: PAGE_SIZE.notifications } },
      { quiet: true },
    ),
    select: (answer) =>
      answer.notifications.filter((notification) => isUnreadNotificationFor(notification, customerId)).length,
  });
  if (count === 0) return null;
  return (
    <p className="unread-count">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="unread-count__badge" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{t('notifications.unread', { count })}</span>
    </p>
  );
}
