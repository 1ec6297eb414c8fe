// The route of the page on screen (inside the router, the settled location).
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { findRoute } from '../shared/navigation/route-availability';
import { ROUTES } from './features';

export function useCurrentRoute() {
  const { pathname } = useLocation();
  return useMemo(() => findRoute(ROUTES, pathname), [pathname]);
}
