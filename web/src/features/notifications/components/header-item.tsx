// What the notifications feature adds to the header of every logged-in page: the bell with the
// unread count, and the blocking acceptance popup (portalled over the page, so it shows anywhere).
import { AcceptancePopup } from './acceptance-popup';
import { UnreadCount } from './unread-count';

export default function NotificationsHeaderItem() {
  return (
    <>
      <UnreadCount />
      <AcceptancePopup />
    </>
  );
}
