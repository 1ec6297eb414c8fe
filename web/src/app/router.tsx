// The router built from the features' routes (app/features.ts): one lazy chunk per route, and the guards run before every
// navigation. The page on screen changes only once the guards allow the new location and its chunk
// has loaded, so the old page stays while they work (ADR 009: declarative React Router).
import { startTransition, useEffect, useRef, useState } from 'react';
import { Route, Routes, useLocation, useNavigate, type Location } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { errorRoutes } from '../features/errors/routes';
import { connectNavigation } from '../shared/api/navigation-port';
import { connectStepUp } from '../shared/api/step-up-port';
import type { RouteDefinition } from '../shared/navigation/feature';
import { findRoute } from '../shared/navigation/route-availability';
import { BrandLoader } from '../shared/ui/loading-overlay';
import { t } from '../shared/i18n';
import { showPopup } from '../shared/ui/popup-store';
import { isChunkLoadFailure } from './chunk-failure';
import { reportError } from './error-reporting';
import { ROUTES } from './features';
import { AppLayout } from './layout/app-layout';
import { loadedPage, loadPage } from './loaded-pages';
import { guardNavigation } from './navigation-guard';
import { LastResortMessage, RootErrorBoundary } from './root-error-boundary';

/** Error pages must show even offline: their chunks are fetched ahead, while the network works. */
export function preloadErrorPages(): void {
  for (const route of ROUTES) if (route.errorPage) void loadPage(route);
}

// The step-up dialog (ADR 038) loads when the server first asks for one.
connectStepUp(() => import('../shared/passkeys/ask-step-up').then((m) => m.askStepUp()));

type Settlement = { location: Location; route: RouteDefinition } | { failedOnErrorPage: true } | null;

/** The location the guards allowed and whose page is loaded; null until the first one is. */
function useSettledLocation(): Settlement {
  const location = useLocation();
  const navigate = useNavigate();
  const [settled, setSettled] = useState<Settlement>(null);
  const firstShown = useRef(false);

  // Declared first so the api client can navigate while the first guard run is in flight.
  useEffect(
    () =>
      connectNavigation((path) => void navigate(path), {
        login: authRoutes.login.to(),
        maintenance: errorRoutes.maintenance.to(),
        offline: errorRoutes.offline.to(),
      }),
    [navigate],
  );

  useEffect(() => {
    let current = true;
    const settle = async () => {
      // The page's chunk loads while the guards wait for the session, modules and customer, not
      // after them; a redirect leaves it cached, and its failure counts only if the page is shown.
      const target = findRoute(ROUTES, location.pathname);
      if (target) loadPage(target).catch(() => undefined);
      const outcome = await guardNavigation(location.pathname, location.search);
      if ('redirect' in outcome) return outcome.redirect;
      await loadPage(outcome.route);
      if (!current) return null;
      // The first page renders in a transition: React renders it in slices, with the browser free
      // in between (no task over 50 ms), while the loader stays until it is ready. Later
      // navigations render at once, so the layout's loader shows while a page waits for its data.
      const shown = { location, route: outcome.route };
      if (firstShown.current) setSettled(shown);
      else startTransition(() => setSettled(shown));
      firstShown.current = true;
      return null;
    };
    settle()
      .catch((error: unknown) => {
        // A chunk of the build before a deploy: the page stays, and a reload brings the new build.
        if (isChunkLoadFailure(error)) {
          const text = t('popup.new_version_text');
          showPopup({
            tone: 'warning',
            title: t('popup.new_version_title'),
            text,
            actions: ['reload', 'close'],
          });
          return null;
        }
        // An uncaught failure goes to /errore (SPEC §8); if that page itself fails, a plain message.
        reportError(error);
        if (location.pathname !== errorRoutes.generic.path) return errorRoutes.generic.to();
        if (current) setSettled({ failedOnErrorPage: true });
        return null;
      })
      .then((redirectTo) => {
        if (current && redirectTo) void navigate(redirectTo, { replace: true });
      });
    return () => {
      current = false;
    };
  }, [location, navigate]);

  return settled;
}

export function AppRouter() {
  const settled = useSettledLocation();
  if (!settled) return <BrandLoader />;
  if ('failedOnErrorPage' in settled) return <LastResortMessage />;
  return (
    <RootErrorBoundary locationKey={settled.location.key} pathname={settled.location.pathname}>
      <Routes location={settled.location}>
        <Route element={<AppLayout />}>
          {/* Only the settled route, whose page has loaded by then: the guards have found it for
              this location already, and matching the location against all the routes again on
              every render was a long task of its own on a phone. */}
          <Route path={settled.route.path} element={loadedPage(settled.route)?.element} />
        </Route>
      </Routes>
    </RootErrorBoundary>
  );
}
