// The navigation guards of SPEC §2, in order, as one pure function. The router runs it before
// every navigation with fresh state (guard 1, reloading the modules, is done by the caller just
// before, since it is I/O) and follows the redirect or applies the status-bar style.
import { authRoutes } from '../features/auth/routes';
import { customerRoutes } from '../features/customers/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { errorRoutes } from '../features/errors/routes';
import type { StatusBarStyle } from '../native/platform';
import type { RouteDefinition } from '../shared/navigation/feature';
import { withNext } from '../shared/navigation/next-path';
import { isRouteAvailable } from '../shared/navigation/route-availability';

export interface GuardState {
  /** Module keys just reloaded from the server (guard 1). */
  modules: readonly string[];
  rcrm: boolean;
  isApp: boolean;
  companyChosen: boolean;
  loggedIn: boolean;
  /** In the app: app-login passed in this session. */
  appLoggedIn: boolean;
  customerSelected: boolean;
  /** The page to open again after a login detour (guards 5 to 7), or null. */
  returnTo: string | null;
}

export type GuardDecision = { allow: true; statusBarStyle?: StatusBarStyle } | { redirect: string };

export const GUARD_PATHS = {
  notFound: errorRoutes.notFound.to(),
  company: authRoutes.company.to(),
  appLogin: authRoutes.appLogin.to(),
  login: authRoutes.login.to(),
  dashboard: dashboardRoutes.home.to(),
  customers: customerRoutes.choice.to(),
} as const;

const APP_LOGIN = 'app-login';

/** `target` is the route the path matched, or undefined for an unknown path. */
export function decideNavigation(state: GuardState, target: RouteDefinition | undefined): GuardDecision {
  // 2. Unknown route goes to error-404.
  if (!target) return { redirect: GUARD_PATHS.notFound };
  if (target.errorPage) return { allow: true };

  // 4. No brand chosen goes to the company page (which passes the page to come back to on to login).
  // Before the module check of 2: without a brand, no module is known yet.
  if (!state.companyChosen && !target.companyExempt)
    return { redirect: withNext(GUARD_PATHS.company, state.returnTo) };

  // 2. A route whose module is not enabled goes to error-404.
  if (!isRouteAvailable(target, state)) return { redirect: GUARD_PATHS.notFound };

  // 3. In the app, the status bar follows the route's metadata (applied by the caller on allow).
  const statusBarStyle = state.isApp ? target.app?.statusBarStyle : undefined;

  // 5. In the app, a brand but no login goes to app-login.
  const isAppLogin = target.name === APP_LOGIN;
  const appLoginExempt = isAppLogin || target.companyExempt || target.login === 'optional';
  if (state.isApp && !state.loggedIn && state.companyChosen && !appLoginExempt) {
    return { redirect: withNext(GUARD_PATHS.appLogin, state.returnTo) };
  }

  // 6. A protected route without login goes to login.
  if (target.login === true && !state.loggedIn)
    return { redirect: withNext(GUARD_PATHS.login, state.returnTo) };

  // 7. In the app, a logged-in user must also pass app-login in this session.
  if (state.isApp && state.loggedIn && !state.appLoggedIn && !isAppLogin)
    return { redirect: withNext(GUARD_PATHS.appLogin, state.returnTo) };

  // 8. Logged-out pages are not for a logged-in (and, in the app, app-logged) user.
  if (target.login === false && state.loggedIn && (state.appLoggedIn || !state.isApp)) {
    return { redirect: GUARD_PATHS.dashboard };
  }

  // 9. A logged-in user must choose a customer first.
  if (target.login === true && state.loggedIn && !state.customerSelected && !target.customerExempt) {
    return { redirect: withNext(GUARD_PATHS.customers, state.returnTo) };
  }

  return statusBarStyle ? { allow: true, statusBarStyle } : { allow: true };
}
