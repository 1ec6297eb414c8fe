// The notifications feature: no page yet, the unread count in the header (SPEC §4: unread while
// there is no read time).
import { defineFeature } from '../../shared/navigation/feature';

export const notificationsFeature = defineFeature({
  texts: () => import('./i18n'),
  routes: {},
  headerItem: () => import('./components/unread-count'),
});
