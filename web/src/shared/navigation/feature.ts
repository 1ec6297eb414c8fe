// What a feature declares to the app (ADR 011): its routes as typed objects (SPEC §2 route data:
// name, path, login, module keys, guard flags, title, app flags, lazy page) and, optionally, an
// item it adds to the header. Each feature's routes.ts calls `defineFeature`; the app lists the
// results (app/features.ts) and builds the router, guards, menu and titles from them.
// Links are built from the same objects: `supplyRoutes.detail.to({ id })`.
import type { ComponentType } from 'react';
import type { ModuleKey } from '@sportello/contract';
import type { StatusBarStyle } from '../../native/platform';
import type { MENU_LABELS } from './menu-labels';

export type LoginRequirement = boolean | 'optional';

type LazyComponent = () => Promise<{ default: ComponentType }>;

/** `:name` segments of a path, as a union of their names. */
export type PathParamName<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamName<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

/** A path without parameters is built with `to()`, one with them with `to({ id })`. */
type PathArgs<Path extends string> = [PathParamName<Path>] extends [never]
  ? []
  : [params: Readonly<Record<PathParamName<Path>, string>>];

export interface MenuPlacement {
  /** The label under `menu.` in the shell texts; its place in SPEC §2's order comes with it. */
  label: (typeof MENU_LABELS)[number];
  /** The entry shows only with one of these keys (besides the route's own). */
  moduleKeys?: readonly ModuleKey[];
  /** Profile is reached from the header on large screens. */
  smallScreensOnly?: boolean;
  /** A figure beside the label (unread messages), loaded on demand with the server data. */
  badge?: LazyComponent;
}

/** What a feature writes for each route. */
export interface RouteInput<Path extends string = string, TitleKey extends string = string> {
  /** The SPEC §2 name (guards and the rcrm rule refer to a few of them). */
  name: string;
  path: Path;
  login: LoginRequirement;
  /** The route exists only when the server enables one of these module keys. */
  moduleKeys?: readonly ModuleKey[];
  /** Key in the feature's texts; the page title gets the brand suffix. */
  title: TitleKey;
  /** Reachable without a chosen brand (guard 4). */
  companyExempt?: boolean;
  /** Reachable by a logged-in user before choosing a customer (guard 9). */
  customerExempt?: boolean;
  /** Reads server data through TanStack Query; defaults to true for routes that need login. */
  serverData?: boolean;
  /** Error pages render without the server: no session, no module reload. */
  errorPage?: boolean;
  /** Graph pages: the footer shows the tariff-band legend (SPEC §1). */
  footerLegend?: boolean;
  /** An entry of the logged-in side menu (and, for module routes, a dashboard shortcut). */
  menu?: MenuPlacement;
  /** Metadata used only inside the native app. */
  app?: { fullScreen?: boolean; hideBack?: boolean; statusBarStyle?: StatusBarStyle };
  page: LazyComponent;
}

/** A route as the app sees it: its data, its title loader and its path builder. */
export interface RouteDefinition<Path extends string = string> extends Omit<RouteInput<Path>, 'title'> {
  title: string;
  /** The title in Italian, from the feature's texts (loaded with the page, not before). */
  loadTitle: () => Promise<string>;
  to: (...params: PathArgs<Path>) => string;
}

/** What names a feature in docs/architecture.md's feature table. */
export interface FeatureIdentity {
  /** Its folder under web/src/features. */
  name: string;
  /** What it is for, in one line. */
  purpose: string;
}

export interface Feature<
  Routes extends Record<string, RouteDefinition> = Record<string, RouteDefinition>,
> extends FeatureIdentity {
  routes: Routes;
  /** Shown in the header for a logged-in user acting for a customer; loaded on demand. */
  headerItem?: LazyComponent;
}

/** The app's view of any feature, whatever its routes. */
export interface FeatureEntry extends FeatureIdentity {
  routes: Readonly<Record<string, RouteDefinition>>;
  headerItem?: LazyComponent;
}

/** Fills `:params`, URI-encoded; the types make sure each is given. */
export function buildPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export function defineFeature<
  TitleKey extends string,
  const Inputs extends Readonly<Record<string, RouteInput<string, NoInfer<TitleKey>>>>,
>(
  feature: FeatureIdentity & {
    /** The feature's translator module (its i18n.ts), loaded lazily with its pages. */
    texts: () => Promise<{ t: (key: TitleKey) => string }>;
    routes: Inputs;
    headerItem?: LazyComponent;
  },
): Feature<{ [Name in keyof Inputs]: RouteDefinition<Inputs[Name]['path']> }> {
  // Object.fromEntries loses the per-key types; each entry is built from its own input above.
  const routes = Object.fromEntries(
    Object.entries<RouteInput<string, TitleKey>>(feature.routes).map(([key, input]) => [
      key,
      {
        ...input,
        loadTitle: () => feature.texts().then(({ t }) => t(input.title)),
        to: (params?: Readonly<Record<string, string>>) => buildPath(input.path, params),
      },
    ]),
  ) as unknown as { [Name in keyof Inputs]: RouteDefinition<Inputs[Name]['path']> };
  const identity = { name: feature.name, purpose: feature.purpose };
  return feature.headerItem
    ? { ...identity, routes, headerItem: feature.headerItem }
    : { ...identity, routes };
}
