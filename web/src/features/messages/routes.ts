// The messages pages of SPEC §2: the list (newest first, unread marked, paged) and one message,
// which a guest may also open from a message link (module 4, SPEC §6).
import { defineFeature } from '../../shared/navigation/feature';

export const messagesFeature = defineFeature({
  name: 'messages',
  purpose: "the customer's messages, also for a guest from a message link",
  texts: () => import('./i18n'),
  routes: {
    list: {
      name: 'messages',
      path: '/messages',
      login: true,
      title: 'messages.titles.list',
      menu: { label: 'messages', badge: () => import('./components/unread-badge') },
      page: () => import('./pages/messages-page'),
    },
    detail: {
      name: 'message',
      path: '/messages/:id',
      // A guest session tied to a message link reads that message (ADR 013).
      login: 'optional',
      serverData: true,
      title: 'messages.titles.detail',
      page: () => import('./pages/message-page'),
    },
  },
});

export const messageRoutes = messagesFeature.routes;
