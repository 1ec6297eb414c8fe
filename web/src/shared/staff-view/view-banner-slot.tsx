// Where the app's layout shows the view's banner (ADR 043): nothing in an ordinary tab, and the
// banner's code loads only in a staff's view tab.
import { lazy, Suspense } from 'react';
import { viewOfTab } from './view-tab';

const ViewBanner = lazy(() => import('./view-banner'));

export function ViewBannerSlot() {
  return viewOfTab() ? (
    <Suspense fallback={null}>
      <ViewBanner />
    </Suspense>
  ) : null;
}
