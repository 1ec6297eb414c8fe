// What features may know about the route table without importing the app: a path for a route
// name when that route exists now (module enabled), and the module entries to offer as shortcuts.
import { createContext, useContext } from 'react';

export interface NavigationEntry {
  /** Catalogue key of the label, under `menu.`. */
  label: 'home' | 'supplies' | 'messages' | 'profile' | 'services' | 'practices' | 'invoices' | 'support';
  path: string;
}

export interface RouteLinks {
  /** The path of a named route filled with params, or null when the route does not exist now. */
  pathTo(name: string, params?: Record<string, string>): string | null;
  moduleEntries: readonly NavigationEntry[];
}

export const RouteLinksContext = createContext<RouteLinks>({ pathTo: () => null, moduleEntries: [] });

export const useRouteLinks = () => useContext(RouteLinksContext);
