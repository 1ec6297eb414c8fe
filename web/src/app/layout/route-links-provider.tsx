// Gives features the paths of routes that exist now, without importing the route table.
import { useMemo, type ReactNode } from 'react';
import { RouteLinksContext, type RouteLinks } from '../../shared/navigation/route-links';
import { useAppStore } from '../../shared/state/app-store';
import { visibleMenuEntries } from '../menu-entries';
import { availablePath } from '../route-availability';
import { ROUTES } from '../route-table';

export function useAvailability() {
  const modules = useAppStore((state) => state.modules);
  const rcrm = useAppStore((state) => state.rcrm);
  return useMemo(() => ({ modules: modules ?? [], rcrm }), [modules, rcrm]);
}

export function RouteLinksProvider({ children }: { children: ReactNode }) {
  const availability = useAvailability();
  const links = useMemo<RouteLinks>(
    () => ({
      pathTo: (name, params) => availablePath(ROUTES, availability, name, params),
      moduleEntries: visibleMenuEntries(ROUTES, availability).filter((entry) => entry.isModule),
    }),
    [availability],
  );
  return <RouteLinksContext value={links}>{children}</RouteLinksContext>;
}
