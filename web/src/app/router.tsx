// The router built from the route table: one lazy chunk per route, the guards run once, in the
// root loader, before every navigation.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BrandLoader } from '../shared/ui/loading-overlay';
import { AppLayout } from './layout/app-layout';
import { navigationLoader } from './navigation-loader';
import { RootErrorBoundary } from './root-error-boundary';
import { ROUTES, type RouteDefinition } from './route-table';

export interface RouteHandle {
  route: RouteDefinition | undefined;
}

const pages: RouteObject[] = ROUTES.map((route) => ({
  path: route.path,
  handle: { route } satisfies RouteHandle,
  lazy: async () => ({ Component: (await route.page()).default }),
}));

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
