// The router built from the route table: one lazy chunk per route, the guards run once, in the
// root loader, before every navigation.
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BrandLoader } from '../shared/ui/loading-overlay';
import { AppLayout } from './layout/app-layout';
import { navigationLoader } from './navigation-loader';
import { RootErrorBoundary } from './root-error-boundary';
import { ROUTES, type RouteDefinition } from './route-table';

export interface RouteHandle {
  route: RouteDefinition | undefined;
}

async function loadPage(route: RouteDefinition): Promise<ComponentType> {
  if (!(route.serverData ?? route.login === true)) return (await route.page()).default;
  const [{ default: Page }, { ServerData }] = await Promise.all([
    route.page(),
    import('../shared/api/server-data'),
  ]);
  return function PageWithServerData() {
    return (
      <ServerData>
        <Page />
      </ServerData>
    );
  };
}

const pages: RouteObject[] = ROUTES.map((route) => ({
  path: route.path,
  handle: { route } satisfies RouteHandle,
  lazy: async () => ({ Component: await loadPage(route) }),
}));

/** Error pages must show even offline: their chunks are fetched ahead, while the network works. */
export function preloadErrorPages(): void {
  for (const route of ROUTES) if (route.errorPage) void route.page();
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      element: <AppLayout />,
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: <BrandLoader />,
      loader: navigationLoader,
      // Guard 1 and the others apply to every navigation, not only when the root changes.
      shouldRevalidate: () => true,
      // Unknown paths are matched so the guards can send them to error-404.
      children: [...pages, { path: '*', handle: { route: undefined } satisfies RouteHandle }],
    },
  ]);
}
