// Which routes exist right now and which route a path names. A module-gated route exists only
// while the server enables its key; with rcrm only the consumption graph (and error pages) exist.
import { matchPath } from 'react-router';
import { useAppStore } from '../state/app-store';
import type { RouteDefinition } from './feature';

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

const NO_MODULES: readonly string[] = [];

/** The module list and rcrm flag the availability of routes depends on, for components. */
export function useAvailability(): AvailabilityState {
  const modules = useAppStore((state) => state.modules);
  const rcrm = useAppStore((state) => state.rcrm);
  return { modules: modules ?? NO_MODULES, rcrm };
}

/** A link to a route that may not exist now (module not enabled): its path, or null. */
export function useAvailablePath<Path extends string>(
  route: RouteDefinition<Path>,
  ...params: Parameters<RouteDefinition<Path>['to']>
): string | null {
  return isRouteAvailable(route, useAvailability()) ? route.to(...params) : null;
}
