// The notifications feature (SPEC §4: unread while there is no read time; one needing acceptance
// opens a blocking popup): the count in the header, which opens the notification centre, and
// the acceptance popup, which the header item brings to every page of a logged-in customer.
import { defineFeature } from '../../shared/navigation/feature';

export const notificationsFeature = defineFeature({
  name: 'notifications',
  purpose: 'the unread count in the header, the notification centre, the blocking acceptance popup',
  texts: () => import('./i18n'),
  routes: {
    centre: {
      name: 'notifications',
      path: '/notifications',
      login: true,
      title: 'notifications.titles.centre',
      page: () => import('./pages/notifications-page'),
    },
  },
  headerItem: () => import('./components/header-item'),
});

export const notificationRoutes = notificationsFeature.routes;
