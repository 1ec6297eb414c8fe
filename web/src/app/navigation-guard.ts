// Runs before every navigation (router.tsx): reads the entry query, brings
// the session, modules (guard 1) and selected customer up to date, then applies the guards.
import { authRoutes } from '../features/auth/routes';
import { errorRoutes } from '../features/errors/routes';
import { isNativeApp, setStatusBarStyle } from '../native/platform';
import { ApiFailure } from '../shared/api/api-client';
import { isCompanyCode } from '../shared/brands/brands';
import { restoreSelectedCustomer } from '../shared/session/restore-selected-customer';
import { ensureSession } from '../shared/session/session-lifecycle';
import { appState, chooseCompany, setModules, setRcrm } from '../shared/state/app-store';
import { listModules } from './api/list-modules';
import { decideNavigation } from './guards';
import type { RouteDefinition } from '../shared/navigation/feature';
import { findRoute } from '../shared/navigation/route-availability';
import { ROUTES } from './features';

function applyEntryQuery(search: URLSearchParams): void {
  const company = search.get('company');
  if (isCompanyCode(company)) chooseCompany(company);
  if (search.get('rcrm') === '1') setRcrm();
}

async function refreshServerState(): Promise<void> {
  if (!appState().company) return;
  await ensureSession();
  setModules(await listModules());
  await restoreSelectedCustomer();
}

/** Where a failure while refreshing leaves the user; null when a retry succeeded. */
async function recover(error: unknown): Promise<string | null> {
  if (!(error instanceof ApiFailure)) throw error;
  if (error.status === 503) return errorRoutes.maintenance.to();
  if (error.status === 0 && !navigator.onLine) return errorRoutes.offline.to();
  if (error.status === 401) {
    // A logged-in user was sent to /login by the api client; an expired guest session is
    // replaced once, silently.
    if (appState().flashMessage === 'login_expired') return authRoutes.login.to();
    await refreshServerState();
    return null;
  }
  return errorRoutes.generic.to();
}

/** No stored session means nobody is logged in; a page without login or module needs nothing else. */
function rendersBeforeServer(target: RouteDefinition | undefined): boolean {
  return Boolean(target && target.login !== true && !target.moduleKeys && !appState().sessionId);
}

/** Where a navigation ends: the route to show, or another path to go to instead. */
export type NavigationOutcome = { route: RouteDefinition } | { redirect: string };

export async function guardNavigation(pathname: string, search: string): Promise<NavigationOutcome> {
  applyEntryQuery(new URLSearchParams(search));
  const target = findRoute(ROUTES, pathname);
  // Error pages must render even when the server cannot answer.
  if (target?.errorPage) return { route: target };

  if (rendersBeforeServer(target)) {
    // A first visit to a logged-out page cannot be affected by the answers: paint it now and
    // let the session and modules arrive meanwhile (the api client handles their failures).
    void refreshServerState().catch(() => undefined);
  } else {
    try {
      await refreshServerState();
    } catch (error) {
      const fallback = await recover(error);
      if (fallback && fallback !== pathname) return { redirect: fallback };
    }
  }

  const state = appState();
  const decision = decideNavigation(
    {
      modules: state.modules ?? [],
      rcrm: state.rcrm,
      isApp: isNativeApp(),
      companyChosen: state.company !== null,
      loggedIn: state.user !== null,
      appLoggedIn: state.appLoggedIn,
      customerSelected: state.customer !== null,
    },
    target,
  );
  if ('redirect' in decision) return decision;
  if (decision.statusBarStyle) setStatusBarStyle(decision.statusBarStyle);
  // Allowed means the path matched a route: unknown paths are redirected to error-404 above.
  return { route: target as RouteDefinition };
}
