// Push notification opened (SPEC §4): the push leads to its entry link's page, which does what a
// link from a mail does (guest session tied to it, ADR 013; the customer chosen; a login first for
// module 1, coming back after it) and, with the push ids in its query, records the push on its
// notification and waits 500 ms (SPEC §9). Before app login the guards send there and back.
import { errorRoutes } from '../../features/errors/routes';
import { pushLinkPath } from '../../features/links/routes';
import type { OpenedPush } from '../../native/push';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The page a tapped push opens. */
export function pushOpenedPath(push: OpenedPush): string {
  const hashCode = text(push.data['link.hashCode']);
  if (!hashCode) return errorRoutes.generic.to();
  const notificationId = text(push.data['notification.id']);
  const mnMsgId = text(push.data.mn_message_id);
  return pushLinkPath(
    hashCode,
    notificationId && mnMsgId ? { notificationId, mnMsgId, pushId: push.id } : null,
  );
}
