// Push notification opened (SPEC §4): a session from the link (a guest session is tied to it,
// ADR 013), the customer loaded, the push recorded on its notification (mn_msg_id + pushId), then
// after 500 ms (SPEC §9) the target page.
import { core, erpCustomers, PUSH_REDIRECT_DELAY_MS } from '@sportello/contract';
import { authRoutes } from '../../features/auth/routes';
import { errorRoutes } from '../../features/errors/routes';
import type { OpenedPush } from '../../native/push';
import { ApiFailure, callApi } from '../../shared/api/api-client';
import { ensureSession } from '../../shared/session/session-lifecycle';
import { appState, selectCustomer, setFlashMessage } from '../../shared/state/app-store';
import { pushTargetPath } from './app-rules';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

async function targetOf(push: OpenedPush): Promise<string> {
  const hashCode = text(push.data['link.hashCode']);
  if (!hashCode) return errorRoutes.generic.to();
  try {
    await ensureSession();
    const link = await callApi(core.getLink, { params: { id: hashCode } }, { quiet: true });
    const { user, customer } = appState();
    if (user && link.customerId && customer?.id !== link.customerId) {
      selectCustomer(await callApi(erpCustomers.getCustomer, { params: { id: link.customerId } }));
    }
    const notificationId = text(push.data['notification.id']);
    const messageId = text(push.data.mn_message_id);
    if (user && notificationId && messageId) {
      // Recording is bookkeeping: the user goes on even if it fails.
      await callApi(
        core.updateNotification,
        { body: { id: notificationId, mn_msg_id: messageId, pushId: push.id } },
        { quiet: true },
      ).catch(() => undefined);
    }
    return pushTargetPath(link.target);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 410) {
      setFlashMessage('link_expired');
      return authRoutes.login.to();
    }
    return errorRoutes.generic.to();
  }
}

export async function openFromPush(push: OpenedPush, go: (path: string) => void): Promise<void> {
  const path = await targetOf(push);
  await new Promise((resolve) => setTimeout(resolve, PUSH_REDIRECT_DELAY_MS));
  go(path);
}
