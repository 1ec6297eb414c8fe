import { t } from '../i18n';
import { formatInstantDate } from '../../../shared/format/format';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unreadMessages } from '../api/queries';
import { messageRoutes } from '../../messages/routes';
import { proposalRoutes } from '../../proposals/routes';

import { DashboardSection } from './dashboard-section';

function UnreadMessages({ customerKey }: { customerKey: string }) {
  const { data } = useSuspenseQuery(unreadMessages(customerKey));
  if (data.unread === 0) return <p className="card__muted">{t('dashboard.messages.none')}</p>;
  return (
    <>
      <p className="card__highlight">{t('dashboard.messages.unread', { count: data.unread })}</p>
      <ul className="plain-list">
        {data.messages.map((message) => (
          <li key={message.id} className="message-row">
            <Link to={messageRoutes.detail.to({ id: message.key })}>{message.title}</Link>
            <span className="message-row__date">{formatInstantDate(message.sentAt)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function MessagesSection({ customerKey }: { customerKey: string }) {
  return (
    <DashboardSection heading={t('dashboard.messages.heading')}>
      <UnreadMessages customerKey={customerKey} />
      <Link to={messageRoutes.list.to()}>{t('dashboard.messages.all')}</Link>
      {/* Proposals arrive as messages; SPEC §2's menu has no entry for their list, so it is here. */}
      <Link to={proposalRoutes.list.to()}>{t('proposal_list.link')}</Link>
    </DashboardSection>
  );
}
