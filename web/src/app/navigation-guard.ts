// Runs before every navigation (router.tsx): reads the entry query, brings
// the session, modules (guard 1) and selected customer up to date (server-state.ts), then applies the guards.
import { DEFAULT_COMPANY } from '@sportello/contract';
import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { errorRoutes } from '../features/errors/routes';
import { isNativeApp, setStatusBarStyle } from '../native/platform';
import { isCompanyCode } from '../shared/brands/brands';
import { appState, chooseCompany, setRcrm } from '../shared/state/app-store';
import { showPopup } from '../shared/ui/popup-store';
import { entryHandover } from './entry-session';
import { decideNavigation } from './guards';
import type { RouteDefinition } from '../shared/navigation/feature';
import { nextPath, withNext } from '../shared/navigation/next-path';
import { findRoute } from '../shared/navigation/route-availability';
import { ROUTES } from './features';

// The session's calls, and so the api client and the contract's schemas (zod), are the largest part
// of the shell a page can paint without: they load on the first navigation, in parallel with a
// logged-out page's first paint (ADR 006; the login route's JavaScript).
const serverState = () => import('./server-state');

/**
 * Applies the entry query (SPEC §4, ADR 023): the brand, then a handover code's session. Answers where
 * to go instead (the same page without the code, or the question which login to keep), else null.
 */
async function applyEntryQuery(pathname: string, search: URLSearchParams): Promise<string | null> {
  const company = search.get('company');
  if (isCompanyCode(company)) chooseCompany(company);
  const entry = entryHandover(pathname, search);
  if (!entry) return null;
  if (entry.rcrm) {
    setRcrm();
    if (!appState().company) chooseCompany(DEFAULT_COMPANY);
  }
  const { startHandedOverSession } = await import('../shared/session/handover');
  const outcome = await startHandedOverSession(entry.code, entry.landing);
  if (outcome === 'ask') return withNext(authRoutes.handover.to(), entry.landing);
  // A failed rcrm entry lands on its graph page, which says why it cannot show the chart.
  if (outcome === 'failed' && !entry.rcrm) {
    // The server's catalogue is 4 KB gzip the first page would otherwise carry for this one text.
    const { MESSAGES } = await import('@sportello/contract/messages');
    showPopup({ tone: 'warning', text: MESSAGES.handover_invalid });
  }
  return entry.landing;
}

/**
 * Where a failure while refreshing leaves the user; null when a retry succeeded. `asked` is the page
 * the user was going to: after an expired login, the login comes back to it.
 */
async function recover(error: unknown, asked: string | null): Promise<string | null> {
  const { ApiFailure } = await import('../shared/api/api-client');
  if (!(error instanceof ApiFailure)) throw error;
  if (error.status === 503) return errorRoutes.maintenance.to();
  if (error.status === 0 && !navigator.onLine) return errorRoutes.offline.to();
  if (error.status === 401) {
    // A logged-in user was sent to /login by the api client; an expired guest session is
    // replaced once, silently.
    if (appState().flashMessage === 'login_expired') return withNext(authRoutes.login.to(), asked);
    await (await serverState()).refreshServerState();
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
  const entry = await applyEntryQuery(pathname, new URLSearchParams(search));
  if (entry) return { redirect: entry };
  const target = findRoute(ROUTES, pathname);
  // Error pages must render even when the server cannot answer.
  if (target?.errorPage) return { route: target };

  if (rendersBeforeServer(target)) {
    // A first visit to a logged-out page cannot be affected by the answers: paint it now and
    // let the session and modules arrive meanwhile (the api client handles their failures).
    void serverState()
      .then(({ refreshServerState }) => refreshServerState())
      .catch(() => undefined);
  } else {
    try {
      await (await serverState()).refreshServerState();
    } catch (error) {
      const fallback = await recover(error, returnPath(target, pathname, search));
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
