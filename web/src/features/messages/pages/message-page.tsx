// /messages/{id} (SPEC §2): one message; the server marks it read as it answers, so the counts
// elsewhere (this list, the dashboard card, the side menu) are refreshed once it has arrived.
// A guest from a message link sees the message, with its attachment, and nothing to go on to.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { dashboardRoutes } from '../../dashboard/routes';
import { formatInstantDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { messageQuery, refreshMessageCounts } from '../api/queries';
import { MessageAttachment } from '../components/message-attachment';
import { t } from '../i18n';
import { messageRoutes } from '../routes';
import '../messages.css';

export default function MessagePage() {
  const { id = '' } = useParams();
  const loggedIn = useAppStore((state) => state.user !== null);
  const client = useQueryClient();
  const { data: message, status } = useQuery(messageQuery(id));
  const readNow = message !== undefined;
  useEffect(() => {
    if (readNow) void refreshMessageCounts(client);
  }, [readNow, client]);

  return (
    <div className="page page--narrow">
      {loggedIn ? (
        <p>
          <Link to={messageRoutes.list.to()} className="button button--ghost">
            {t('messages.detail.back')}
          </Link>
        </p>
      ) : null}
      {status === 'pending' ? <p className="card__muted">{t('messages.loading')}</p> : null}
      {status === 'error' ? (
        <>
          <h1 className="page__title">{t('messages.detail.not_found')}</h1>
          <p>{t('messages.detail.not_found_text')}</p>
        </>
      ) : null}
      {message ? (
        <article className="message">
          <h1 className="page__title">{message.title}</h1>
          <p className="card__muted">
            {t('messages.detail.sent', { date: formatInstantDate(message.sentAt) })}
          </p>
          <div className="message__body">
            {message.body.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          {/* The PDF goes with the text: a guest from the message's link downloads it too. */}
          {message.attachment ? <MessageAttachment messageId={message.id} /> : null}
        </article>
      ) : null}
      {loggedIn ? (
        <p>
          <Link to={dashboardRoutes.home.to()} className="button button--secondary">
            {t('messages.detail.home')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
