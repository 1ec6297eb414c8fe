// The logged-in side menu of SPEC §2 as data. An entry shows only when its route exists now and,
// for module entries, when one of its keys is enabled.
import type { ModuleKey } from '@sportello/contract';
import type { NavigationEntry } from '../shared/navigation/route-links';
import { availablePath, type AvailabilityState } from './route-availability';
import type { RouteDefinition } from './route-table';

interface MenuEntryDefinition {
  label: NavigationEntry['label'];
  route: string;
  moduleKeys?: readonly ModuleKey[];
  /** Profile is reached from the header on large screens. */
  smallScreensOnly?: boolean;
}

export interface MenuEntry extends NavigationEntry {
  smallScreensOnly: boolean;
  isModule: boolean;
}

const MENU: readonly MenuEntryDefinition[] = [
  { label: 'home', route: 'dashboard' },
  { label: 'supplies', route: 'supplies' },
  { label: 'messages', route: 'messages' },
  { label: 'profile', route: 'profile', smallScreensOnly: true },
  { label: 'services', route: 'services', moduleKeys: ['ser'] },
  { label: 'practices', route: 'practices', moduleKeys: ['prat'] },
  { label: 'invoices', route: 'invoices', moduleKeys: ['panoram', 'dettFatt'] },
  { label: 'support', route: 'support' },
];

export function visibleMenuEntries(
  routes: readonly RouteDefinition[],
  state: AvailabilityState,
): MenuEntry[] {
  return MENU.flatMap((entry) => {
    if (entry.moduleKeys && !entry.moduleKeys.some((key) => state.modules.includes(key))) return [];
    const path = availablePath(routes, state, entry.route);
    if (!path) return [];
    return [
      {
        label: entry.label,
        path,
        smallScreensOnly: entry.smallScreensOnly ?? false,
        isModule: Boolean(entry.moduleKeys),
      },
    ];
  });
}
