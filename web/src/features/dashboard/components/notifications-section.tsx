import { t } from '../i18n';
import { core, PAGE_SIZE } from '@sportello/contract';
import { isUnreadNotificationFor } from '@sportello/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { notificationRoutes } from '../../notifications/routes';
import { DashboardSection } from './dashboard-section';

const SHOWN_NOTIFICATIONS = 3;

function UnreadNotifications({ customerId }: { customerId: string }) {
  const { data } = useSuspenseQuery({
    ...callQueryOptions(core.listNotifications, {
      query: { activeOnly: true, pagingTake: PAGE_SIZE.notifications },
    }),
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
