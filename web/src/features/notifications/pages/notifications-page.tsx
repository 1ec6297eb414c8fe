// The notification centre (reached from the header's bell): how many are unread first, then each
// notification of the customer acted for (and the user's own), newest first; an unread one can be
// marked read (readingDate), one with a link opens what it is about, one to accept says so (the
// popup over every page asks for it).
import type { Notification } from '@sportello/contract';
import { isUnreadNotificationFor } from '@sportello/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatInstantDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { notificationsQuery, updateNotification } from '../api/queries';
import { t } from '../i18n';
import './notifications-page.css';

function NotificationItem({ notification, unread }: { notification: Notification; unread: boolean }) {
  const markRead = useMutation(updateNotification);
  const { acceptanceRequired, description, detail } = notification.notificationType;
  return (
    <li className={unread ? 'notification notification--unread' : 'notification'}>
      <h2 className="notification__title">
        {unread ? <span className="notification__mark">{t('notifications.centre.unread_mark')}</span> : null}
        {notification.title}
      </h2>
      <p className="card__muted">
        {t('notifications.centre.received', { date: formatInstantDate(notification.createdAt) })}
      </p>
      <p>{description}</p>
      {detail ? <p>{detail}</p> : null}
      {acceptanceRequired ? (
        <p className="card__highlight">
          {notification.acceptedTime
            ? t('notifications.centre.accepted', { date: formatInstantDate(notification.acceptedTime) })
            : t('notifications.centre.to_accept')}
        </p>
      ) : null}
      {unread && !acceptanceRequired ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={markRead.isPending}
          aria-label={t('notifications.centre.mark_read_label', { title: notification.title })}
          onClick={() =>
            markRead.mutate({ body: { id: notification.id, readingDate: new Date().toISOString() } })
          }
        >
          {t('notifications.centre.mark_read')}
        </button>
      ) : null}
    </li>
  );
}

export default function NotificationsPage() {
  const customerId = useAppStore((state) => state.customer?.id ?? '');
  const { data, status } = useQuery({
    ...notificationsQuery(),
    select: (answer) =>
      answer.notifications.filter(
        (notification) => notification.customerId === null || notification.customerId === customerId,
      ),
  });
  const unread =
    data?.filter((notification) => isUnreadNotificationFor(notification, customerId)).length ?? 0;
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('notifications.titles.centre')}</h1>
      {status === 'pending' ? <p className="card__muted">{t('notifications.centre.loading')}</p> : null}
      {status === 'error' ? <p className="card__muted">{t('notifications.centre.error')}</p> : null}
      {data ? (
        <>
          <p className={unread > 0 ? 'card__highlight' : 'card__muted'} aria-live="polite">
            {unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.centre.all_read')}
          </p>
          {data.length === 0 ? (
            <p className="card__muted">{t('notifications.centre.empty')}</p>
          ) : (
            <ul className="notification-list">
              {data.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  unread={isUnreadNotificationFor(notification, customerId)}
                />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
