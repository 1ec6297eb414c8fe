// Which routes exist right now and which route a path names. A module-gated route exists only
// while the server enables its key; with rcrm only the consumption graph (and error pages) exist.
import { matchPath } from 'react-router';
import type { RouteDefinition } from './route-table';

/** SPEC §2: rcrm=1 leaves only the consumption graph route. */
export const RCRM_ROUTE_NAMES: readonly string[] = ['supply_graphs', 'supply_graphs_anon'];

export interface AvailabilityState {
  modules: readonly string[];
  rcrm: boolean;
}

export function isRouteAvailable(route: RouteDefinition, { modules, rcrm }: AvailabilityState): boolean {
  if (route.errorPage) return true;
  if (rcrm && !RCRM_ROUTE_NAMES.includes(route.name)) return false;
  return !route.moduleKeys || route.moduleKeys.some((key) => modules.includes(key));
}

export function findRoute(routes: readonly RouteDefinition[], pathname: string): RouteDefinition | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** The path of a route that exists now, with its `:params` filled. */
export function availablePath(
  routes: readonly RouteDefinition[],
  state: AvailabilityState,
  name: string,
  params: Record<string, string> = {},
): string | null {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route || !isRouteAvailable(route, state)) return null;
  return route.path.replace(/:([A-Za-z]+)/g, (_, param: string) => encodeURIComponent(params[param] ?? ''));
}
