// The api client navigates through the router, never window.location; the app plugs the router
// in, with the paths of the pages the client may send the user to (features own those routes).
import { withNext } from '../navigation/next-path';

type Navigate = (path: string) => void;
export type ClientDestination = 'login' | 'maintenance' | 'offline';

let navigate: Navigate = () => undefined;
let destinations: Readonly<Record<ClientDestination, string>> | null = null;

export const connectNavigation = (fn: Navigate, paths: Readonly<Record<ClientDestination, string>>) => {
  navigate = fn;
  destinations = paths;
};

/**
 * After an expired login the page on screen is the one to come back to (`next`), unless it is the
 * login itself; the login page keeps only a path of this app (shared/navigation/next-path.ts).
 */
function returnTo(path: string): string | null {
  const { pathname, search } = window.location;
  return pathname === path || pathname === '/' ? null : pathname + search;
}

export const navigateTo = (destination: ClientDestination) => {
  if (!destinations) return;
  const path = destinations[destination];
  navigate(destination === 'login' ? withNext(path, returnTo(path)) : path);
};
