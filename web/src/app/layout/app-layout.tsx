// The page frame: header, side menu (logged in, large screens), main content, footer, and the
// overlays every page may need. In the app, full-screen routes drop the chrome and routes without
// `hideBack` get a back button.
import { lazy, Suspense, useMemo } from 'react';
import { Outlet } from 'react-router';
import { isNativeApp } from '../../native/platform';
import { MenuEntriesContext, visibleMenuEntries } from '../../shared/navigation/menu-entries';
import { useAvailability } from '../../shared/navigation/route-availability';
import { useAppStore } from '../../shared/state/app-store';
import { watchFocus } from '../../shared/ui/focus-opener';
import { BrandLoader, LoadingOverlay } from '../../shared/ui/loading-overlay';
import { PopupHost } from '../../shared/ui/popup-host';
import { ViewBannerSlot } from '../../shared/staff-view/view-banner-slot';
import { ROUTES } from '../features';
import { useCurrentRoute } from '../use-current-route';
import { SideMenu } from './side-menu';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useNavigationEffects } from './use-navigation-effects';

const AppBackButton = lazy(() => import('../native/app-back-button'));
// Only for a logged-in user: the login page's initial JavaScript goes without it.
const HelpButton = lazy(() => import('./help-button').then(({ HelpButton }) => ({ default: HelpButton })));

// Dialogs load later; the element that opens one must be known from the first page on.
watchFocus();

export function AppLayout() {
  useNavigationEffects();
  const route = useCurrentRoute();
  const loggedIn = useAppStore((state) => state.user !== null);
  const customerChosen = useAppStore((state) => state.customer !== null);
  const { modules, rcrm } = useAvailability();
  const menuEntries = useMemo(() => visibleMenuEntries(ROUTES, { modules, rcrm }), [modules, rcrm]);
  const inApp = isNativeApp();
  const fullScreen = inApp && Boolean(route?.app?.fullScreen);
  // The menu makes sense once there is a customer to act for; before that (customer choice,
  // waiting for confirmation) and on error pages a logged-in user still gets 'Esci' in the header.
  const showSideMenu = loggedIn && customerChosen && !route?.errorPage;
  const header = showSideMenu ? 'menu' : loggedIn ? 'exit' : route?.errorPage ? 'plain' : 'menu';

  return (
    <MenuEntriesContext value={menuEntries}>
      <ViewBannerSlot />
      <div className={showSideMenu ? 'app-shell app-shell--with-menu' : 'app-shell'}>
        {fullScreen ? null : <SiteHeader variant={header} />}
        {showSideMenu && !fullScreen ? (
          <aside className="app-shell__menu large-screens-only">
            <SideMenu />
          </aside>
        ) : null}
        <main id="main-content" className="app-shell__main" tabIndex={-1}>
          {inApp && !fullScreen && !route?.app?.hideBack ? (
            <Suspense fallback={null}>
              <AppBackButton />
            </Suspense>
          ) : null}
          <Suspense fallback={<BrandLoader />}>
            <Outlet />
          </Suspense>
        </main>
        {fullScreen ? null : <SiteFooter legend={Boolean(route?.footerLegend)} />}
      </div>
      {loggedIn && !inApp ? (
        <Suspense fallback={null}>
          <HelpButton />
        </Suspense>
      ) : null}
      <PopupHost />
      <LoadingOverlay />
    </MenuEntriesContext>
  );
}
