// The router built from the route table: one lazy chunk per route, and the guards run before every
// navigation. The page on screen changes only once the guards allow the new location and its chunk
// has loaded, so the old page stays while they work (ADR 009: declarative React Router).
import { useEffect, useState, type ReactElement } from 'react';
import { Route, Routes, useLocation, useNavigate, type Location } from 'react-router';
import { connectNavigation } from '../shared/api/navigation-port';
import { ERROR_PATHS } from '../shared/api/error-paths';
import { BrandLoader } from '../shared/ui/loading-overlay';
import { reportError } from './error-reporting';
import { AppLayout } from './layout/app-layout';
import { guardNavigation } from './navigation-guard';
import { LastResortMessage, RootErrorBoundary } from './root-error-boundary';
import { ROUTES, type RouteDefinition } from './route-table';

/** Each route's page, once its chunk has loaded; logged-in pages get their server-data cache. */
const loadedPages = new Map<RouteDefinition, ReactElement>();

async function loadPage(route: RouteDefinition): Promise<void> {
  if (loadedPages.has(route)) return;
  if (!(route.serverData ?? route.login === true)) {
    const { default: Page } = await route.page();
    loadedPages.set(route, <Page />);
    return;
  }
  const [{ default: Page }, { ServerData }] = await Promise.all([
    route.page(),
    import('../shared/api/server-data'),
  ]);
  loadedPages.set(
    route,
    <ServerData>
      <Page />
    </ServerData>,
  );
}

/** Error pages must show even offline: their chunks are fetched ahead, while the network works. */
export function preloadErrorPages(): void {
  for (const route of ROUTES) if (route.errorPage) void loadPage(route);
}

type Settlement = { location: Location } | { failedOnErrorPage: true } | null;

/** The location the guards allowed and whose page is loaded; null until the first one is. */
function useSettledLocation(): Settlement {
  const location = useLocation();
  const navigate = useNavigate();
  const [settled, setSettled] = useState<Settlement>(null);

  // Declared first so the api client can navigate while the first guard run is in flight.
  useEffect(() => connectNavigation((path) => void navigate(path)), [navigate]);

  useEffect(() => {
    let current = true;
    const settle = async () => {
      const outcome = await guardNavigation(location.pathname, location.search);
      if ('redirect' in outcome) return outcome.redirect;
      await loadPage(outcome.route);
      if (current) setSettled({ location });
      return null;
    };
    settle()
      .catch((error: unknown) => {
        // An uncaught failure goes to /errore (SPEC §8); if that page itself fails, a plain message.
        reportError(error);
        if (location.pathname !== ERROR_PATHS.generic) return ERROR_PATHS.generic;
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
          {/* Only settled locations are rendered, and their page has loaded by then. */}
          {ROUTES.map((route) => (
            <Route key={route.name} path={route.path} element={loadedPages.get(route)} />
          ))}
        </Route>
      </Routes>
    </RootErrorBoundary>
  );
}
