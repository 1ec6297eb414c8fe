// The bell beside the customer's name in the header, with the number of unread notifications of
// the customer acted for (none shown at zero); it opens the notification centre. It shares its
// query (and cache entry) with the dashboard's card, the centre and the acceptance popup.
import { isUnreadNotificationFor } from '@sportello/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAppStore } from '../../../shared/state/app-store';
import { notificationsQuery } from '../api/queries';
import { t } from '../i18n';
import { notificationRoutes } from '../routes';
import './unread-count.css';

export function UnreadCount() {
  const customerId = useAppStore((state) => state.customer?.id ?? '');
  const { data: count = 0 } = useQuery({
    ...notificationsQuery(),
    select: (answer) =>
      answer.notifications.filter((notification) => isUnreadNotificationFor(notification, customerId)).length,
  });
  return (
    <Link to={notificationRoutes.centre.to()} className="unread-count">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 ? (
        <span className="unread-count__badge" aria-hidden="true">
          {count}
        </span>
      ) : null}
      <span className="visually-hidden">
        {count > 0 ? t('notifications.unread', { count }) : t('notifications.open_centre')}
      </span>
    </Link>
  );
}
