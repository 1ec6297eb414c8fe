import { useTranslation } from 'react-i18next';
import { useUnreadNotifications } from '../api/list-notifications';
import { DashboardSection } from './dashboard-section';

export function NotificationsSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { data, status } = useUnreadNotifications(customerId);
  return (
    <DashboardSection heading={t('dashboard.notifications.heading')} status={status}>
      {data && data.length > 0 ? (
        <>
          <p className="card__highlight">{t('dashboard.notifications.unread', { count: data.length })}</p>
          <ul className="plain-list">
            {data.slice(0, 3).map((notification) => (
              <li key={notification.id}>{notification.title}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="card__muted">{t('dashboard.notifications.none')}</p>
      )}
    </DashboardSection>
  );
}
