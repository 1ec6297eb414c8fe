// The logged-in side menu of SPEC §2, from the routes that place themselves in it (`menu` in a
// feature's routes.ts), in the spec's order. An entry shows only when its route exists now and,
// when it names module keys of its own, one of them is enabled. Module entries double as the
// dashboard's shortcuts, handed to features through a context (a feature never sees the app).
import { createContext, useContext } from 'react';
import type { RouteDefinition } from './feature';
import { MENU_LABELS, type MenuLabel } from './menu-labels';
import { isRouteAvailable, type AvailabilityState } from './route-availability';

export interface MenuEntry {
  label: MenuLabel;
  path: string;
  smallScreensOnly: boolean;
  isModule: boolean;
}

export function visibleMenuEntries(
  routes: readonly RouteDefinition[],
  state: AvailabilityState,
): MenuEntry[] {
  return routes
    .flatMap(({ menu, ...route }) => {
      if (!menu || !isRouteAvailable({ ...route, menu }, state)) return [];
      if (menu.moduleKeys && !menu.moduleKeys.some((key) => state.modules.includes(key))) return [];
      return [
        {
          label: menu.label,
          // Menu routes have no parameters.
          path: route.path,
          smallScreensOnly: menu.smallScreensOnly ?? false,
          isModule: Boolean(menu.moduleKeys ?? route.moduleKeys),
        },
      ];
    })
    .sort((a, b) => MENU_LABELS.indexOf(a.label) - MENU_LABELS.indexOf(b.label));
}

export const MenuEntriesContext = createContext<readonly MenuEntry[]>([]);

export const useMenuEntries = () => useContext(MenuEntriesContext);
