import { t } from '../i18n';
import { isUnreadNotificationFor } from '@sportello/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { activeNotifications } from '../api/queries';
import { notificationRoutes } from '../../notifications/routes';
import { DashboardSection } from './dashboard-section';

const SHOWN_NOTIFICATIONS = 3;

function UnreadNotifications({ customerId }: { customerId: string }) {
  const { data } = useSuspenseQuery({
    ...activeNotifications(),
    select: (answer) =>
      answer.notifications.filter((notification) => isUnreadNotificationFor(notification, customerId)),
  });
  if (data.length === 0) return <p className="card__muted">{t('dashboard.notifications.none')}</p>;
  return (
    <>
      <p className="card__highlight">{t('dashboard.notifications.unread', { count: data.length })}</p>
      <ul className="plain-list">
        {data.slice(0, SHOWN_NOTIFICATIONS).map((notification) => (
          <li key={notification.id}>{notification.title}</li>
        ))}
      </ul>
    </>
  );
}

export function NotificationsSection({ customerId }: { customerId: string }) {
  return (
    <DashboardSection heading={t('dashboard.notifications.heading')}>
      <UnreadNotifications customerId={customerId} />
      <Link to={notificationRoutes.centre.to()}>{t('dashboard.notifications.all')}</Link>
    </DashboardSection>
  );
}
