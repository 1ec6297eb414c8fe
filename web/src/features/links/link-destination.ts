// Where a resolved entry link leads (SPEC §4 "Link entry"): a path to go to, or something the link
// page does itself (the workflow reply, the document download). The server has already decided the
// target; this maps it onto the web's paths. Pure, so each target is unit-tested.
import type { LinkTarget } from '@sportello/contract';
import { errorRoutes } from '../errors/routes';
import { invoiceRoutes } from '../invoices/routes';
import { messageRoutes } from '../messages/routes';
import { meteringRoutes } from '../metering/routes';
import { proposalRoutes } from '../proposals/routes';
import { registrationRoutes } from '../registration/routes';

export type Destination =
  { go: string } | { workflow: Extract<LinkTarget, { page: 'workflow' }> } | { document: string };

export function linkDestination(target: LinkTarget, hashCode: string): Destination {
  switch (target.page) {
    case 'invoices':
      return { go: invoiceRoutes.list.to() };
    case 'invoice':
      return { go: invoiceRoutes.detail.to({ id: target.invoiceKey }) };
    case 'document':
      return { document: target.invoiceKey };
    case 'message':
      return { go: messageRoutes.detail.to({ id: target.messageKey }) };
    case 'password':
      return { go: `${registrationRoutes[target.mode].to()}?${new URLSearchParams({ token: hashCode })}` };
    case 'workflow':
      return { workflow: target };
    case 'self-reading':
      return { go: meteringRoutes.selfReading.to({ id: target.supplyKey }) };
    case 'proposal':
      return { go: proposalRoutes.detail.to({ id: target.proposalKey }) };
    case 'pun':
      return { go: meteringRoutes.pun.to() };
    case 'error':
      return { go: errorRoutes.generic.to() };
  }
}

/** The SPEC §3 push payload's ids, when the link was opened from a push (`pushLinkPath` adds them). */
export interface PushOpened {
  notificationId: string;
  mnMsgId: string;
  pushId: string;
}

export function pushOpened(search: URLSearchParams): PushOpened | null {
  const notificationId = search.get('notification');
  const mnMsgId = search.get('mn_msg_id');
  const pushId = search.get('pushId');
  return notificationId && mnMsgId && pushId ? { notificationId, mnMsgId, pushId } : null;
}
