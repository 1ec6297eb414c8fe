// /messages (SPEC §2): how many are unread first, then the messages newest first (unread ones
// marked in words and weight, not colour alone), ten per page.
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatInstantDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { MESSAGES_PAGE_SIZE, messagesPageQuery } from '../api/queries';
import { Pager } from '../components/pager';
import { t } from '../i18n';
import { messageRoutes } from '../routes';
import '../messages.css';
import { proposalRoutes } from '../../proposals/routes';

function MessageList({ customerKey }: { customerKey: string }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Math.floor(Number(params.get('page') ?? '1')) - 1) || 0;
  const { data, status } = useQuery(messagesPageQuery(customerKey, page));
  if (status === 'pending') return <p className="card__muted">{t('messages.loading')}</p>;
  if (!data) return <p className="card__muted">{t('messages.error')}</p>;
  const pages = Math.max(1, Math.ceil(data.count / MESSAGES_PAGE_SIZE));
  return (
    <>
      <p className={data.unread > 0 ? 'card__highlight' : 'card__muted'}>
        {data.unread > 0 ? t('messages.list.unread', { count: data.unread }) : t('messages.list.all_read')}
      </p>
      {data.messages.length === 0 ? (
        <p className="card__muted">{t('messages.list.empty')}</p>
      ) : (
        <ul className="message-list">
          {data.messages.map((message) => (
            <li
              key={message.id}
              className={message.readAt ? 'message-item' : 'message-item message-item--unread'}
            >
              <Link to={messageRoutes.detail.to({ id: message.key })} className="message-item__link">
                {message.readAt ? null : (
                  <span className="message-item__mark">{t('messages.list.unread_mark')}</span>
                )}
                <span className="message-item__title">{message.title}</span>
                <span className="message-item__date">
                  {t('messages.list.sent', { date: formatInstantDate(message.sentAt) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pages}
        onPage={(next) => setParams(next > 0 ? { page: String(next + 1) } : {})}
      />
    </>
  );
}

export default function MessagesPage() {
  const customer = useAppStore((state) => state.customer);
  // The guards never let a user here without a customer.
  if (!customer) return null;
  return (
    <div className="page">
      <h1 className="page__title">{t('messages.titles.list')}</h1>
      {/* Proposals arrive as messages and mails; their own list is one step away. */}
      <p>
        <Link to={proposalRoutes.list.to()}>{t('proposal_list.link')}</Link>
      </p>
      <MessageList customerKey={customer.key} key={customer.key} />
    </div>
  );
}
