// The number of unread messages beside 'Messaggi' in the side menu; nothing when all are read.
// Same query as the dashboard card, so opening a message (which refreshes it) updates both.
import { erpMessages } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '../../../shared/api/call-query';
import { useAppStore } from '../../../shared/state/app-store';
import { t } from '../i18n';
import './unread-badge.css';

const LATEST_UNREAD = 3;

export default function UnreadBadge() {
  const customerKey = useAppStore((state) => state.customer?.key ?? '');
  const { data: unread = 0 } = useQuery({
    // Not quiet: it shares the dashboard card's query, and whichever asks first decides whether a
    // failure is reported (once, for both): mounted after the card's failure, it asks no second time.
    ...callQueryOptions(erpMessages.listMessages, {
      query: { customerKey, unreadOnly: true, pagingTake: LATEST_UNREAD },
    }),
    enabled: customerKey !== '',
    retryOnMount: false,
    select: (answer) => answer.unread,
  });
  if (unread === 0) return null;
  return (
    <span className="menu-badge">
      <span aria-hidden="true">{unread}</span>
      <span className="visually-hidden">{t('messages.list.unread', { count: unread })}</span>
    </span>
  );
}
