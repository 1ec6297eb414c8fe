// Runs before every navigation (router.tsx): reads the entry query, brings
// the session, modules (guard 1) and selected customer up to date, then applies the guards.
import { DEFAULT_COMPANY } from '@sportello/contract';
import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { meteringRoutes } from '../features/metering/routes';
import { errorRoutes } from '../features/errors/routes';
import { isNativeApp, setStatusBarStyle } from '../native/platform';
import { ApiFailure } from '../shared/api/api-client';
import { endSessionLocally } from '../shared/api/session-end';
import { isCompanyCode } from '../shared/brands/brands';
import { restoreSelectedCustomer } from '../shared/session/restore-selected-customer';
import { ensureSession } from '../shared/session/session-lifecycle';
import {
  adoptSession,
  appState,
  chooseCompany,
  setModules,
  setRcrm,
  storedSessionWasLoggedIn,
} from '../shared/state/app-store';
import { entrySessionId } from './entry-session';
import { listModules } from './api/list-modules';
import { decideNavigation } from './guards';
import type { RouteDefinition } from '../shared/navigation/feature';
import { nextPath } from '../shared/navigation/next-path';
import { findRoute } from '../shared/navigation/route-availability';
import { ROUTES } from './features';

/** Applies the entry query (SPEC §4); answers where an rcrm entry leads, else null. */
function applyEntryQuery(pathname: string, search: URLSearchParams): string | null {
  const company = search.get('company');
  if (isCompanyCode(company)) chooseCompany(company);
  const sessionId = entrySessionId(pathname, search, storedSessionWasLoggedIn());
  if (sessionId && sessionId !== appState().sessionId) {
    endSessionLocally();
    adoptSession(sessionId);
  }
  if (search.get('rcrm') !== '1') return null;
  setRcrm();
  // sessionId, supplyKey, customerKey and rcrm=1 open that supply's anonymous graph with the
  // CRM's session (checked with the server like a stored one).
  const crmSessionId = search.get('sessionId');
  const supplyKey = search.get('supplyKey');
  if (!crmSessionId || !supplyKey || !search.get('customerKey')) return null;
  if (!appState().company) chooseCompany(DEFAULT_COMPANY);
  adoptSession(crmSessionId);
  return meteringRoutes.graphsAnon.to({ id: supplyKey });
}

async function refreshServerState(): Promise<void> {
  if (!appState().company) return;
  await ensureSession();
  // Both need only the session: asked together, a logged-in page's first load waits one round trip less.
  await Promise.all([listModules().then(setModules), restoreSelectedCustomer()]);
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

/**
 * The page a login detour comes back to: the page asked for (a bill from a mail, a tapped push),
 * or what a logged-out page was itself asked to come back to; never the start pages.
 */
function returnPath(target: RouteDefinition | undefined, pathname: string, search: string): string | null {
  if (!target) return null;
  if (target.login === false) return nextPath(new URLSearchParams(search).get('next'));
  const startPages = [authRoutes.index.to(), dashboardRoutes.home.to()];
  return startPages.includes(pathname) ? null : pathname + search;
}

/** Where a navigation ends: the route to show, or another path to go to instead. */
export type NavigationOutcome = { route: RouteDefinition } | { redirect: string };

export async function guardNavigation(pathname: string, search: string): Promise<NavigationOutcome> {
  const entry = applyEntryQuery(pathname, new URLSearchParams(search));
  if (entry && entry !== pathname) return { redirect: entry };
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
      returnTo: returnPath(target, pathname, search),
    },
    target,
  );
  if ('redirect' in decision) return decision;
  if (decision.statusBarStyle) setStatusBarStyle(decision.statusBarStyle);
  // Allowed means the path matched a route: unknown paths are redirected to error-404 above.
  return { route: target as RouteDefinition };
}
