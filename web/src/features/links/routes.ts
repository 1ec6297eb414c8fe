// The entry-link page (SPEC §4 "Link entry", ADR 013): the path mails, SMS and pushes carry.
import { LINK_ENTRY_PATH } from '@sportello/contract';
import { defineFeature } from '../../shared/navigation/feature';

export const linksFeature = defineFeature({
  name: 'links',
  purpose: 'the page entry links open from mails, SMS and pushes (SPEC §4, ADR 013)',
  texts: () => import('./i18n'),
  routes: {
    entry: {
      name: 'link',
      path: LINK_ENTRY_PATH,
      // Modules 4 to 9 work for a guest; module 1 asks for a login and comes back here.
      login: 'optional',
      serverData: true,
      title: 'links.titles.entry',
      page: () => import('./pages/link-page'),
    },
  },
});

export const linkRoutes = linksFeature.routes;

/**
 * The entry link a tapped push opens (SPEC §4), with the push ids the link page records on its
 * notification (read back by `pushOpened`).
 */
export function pushLinkPath(
  hashCode: string,
  push: { notificationId: string; mnMsgId: string; pushId: string } | null,
): string {
  const link = linkRoutes.entry.to({ hashCode });
  if (!push) return link;
  const query = { notification: push.notificationId, mn_msg_id: push.mnMsgId, pushId: push.pushId };
  return `${link}?${new URLSearchParams(query)}`;
}
