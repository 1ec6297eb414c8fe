// Each route's page element and title, once loaded: a page's chunk and its feature's texts come
// together, before the router shows the page, so a settled page never suspends and its title is
// known when it renders. Logged-in pages get their server-data cache.
import type { ReactElement } from 'react';
import { createElement } from 'react';
import type { RouteDefinition } from '../shared/navigation/feature';

interface LoadedPage {
  element: ReactElement;
  title: string;
}

const loaded = new Map<RouteDefinition, LoadedPage>();

async function load(route: RouteDefinition): Promise<void> {
  const needsServerData = route.serverData ?? route.login === true;
  const [{ default: Page }, title, serverData] = await Promise.all([
    route.page(),
    route.loadTitle(),
    needsServerData ? import('../shared/api/server-data') : null,
  ]);
  const page = createElement(Page);
  loaded.set(route, {
    element: serverData ? createElement(serverData.ServerData, null, page) : page,
    title,
  });
}

// One load per route at a time: the router starts it before the guards and awaits it after them.
const loading = new Map<RouteDefinition, Promise<void>>();

export function loadPage(route: RouteDefinition): Promise<void> {
  if (loaded.has(route)) return Promise.resolve();
  let pending = loading.get(route);
  if (!pending) {
    // A failed load is forgotten, so the next navigation tries again.
    pending = load(route).finally(() => loading.delete(route));
    loading.set(route, pending);
  }
  return pending;
}

export const loadedPage = (route: RouteDefinition) => loaded.get(route);
