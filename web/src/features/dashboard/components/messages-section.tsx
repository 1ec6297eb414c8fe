import { t } from '../i18n';
import { Link } from 'react-router';
import { formatIsoDate } from '../../../shared/format/format';
import { useRouteLinks } from '../../../shared/navigation/route-links';
import { useUnreadMessages } from '../api/list-messages';
import { DashboardSection } from './dashboard-section';

function UnreadMessages({ customerKey }: { customerKey: string }) {
  const { pathTo } = useRouteLinks();
  const { data } = useUnreadMessages(customerKey);
  if (data.unread === 0) return <p className="card__muted">{t('dashboard.messages.none')}</p>;
  return (
    <>
      <p className="card__highlight">{t('dashboard.messages.unread', { count: data.unread })}</p>
      <ul className="plain-list">
        {data.messages.map((message) => {
          const path = pathTo('message', { id: message.id });
          return (
            <li key={message.id} className="message-row">
              {path ? <Link to={path}>{message.title}</Link> : <span>{message.title}</span>}
              <span className="message-row__date">{formatIsoDate(message.sentAt.slice(0, 10))}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function MessagesSection({ customerKey }: { customerKey: string }) {
  return (
    <DashboardSection heading={t('dashboard.messages.heading')}>
      <UnreadMessages customerKey={customerKey} />
    </DashboardSection>
  );
}
