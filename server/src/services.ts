// Makes the platform (database, configuration, session store) and every listed module's service,
// once per app instance, each after the services it needs.
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { modules } from './modules/index.js';
import type { AnyModule, Platform, ServiceOf } from './modules/module.js';
import { createSessionStore } from './modules/sessions/session-store.js';

type Modules = (typeof modules)[number];

/** Every listed module's service under the module's name. */
export type Services = { [M in Modules as M['name']]: ServiceOf<M> };

export function createServices(db: Db, config: Config) {
  const store = createSessionStore(db, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });
  const platform: Platform = { db, config, store };
  const made = new Map<AnyModule, unknown>();
  const making = new Set<AnyModule>();

  function serviceOf(module: AnyModule): unknown {
    if (made.has(module)) return made.get(module);
    if (making.has(module)) throw new Error(`module ${module.name} needs itself through its needs`);
    making.add(module);
    const needs = Object.fromEntries(
      Object.entries(module.needs).map(([key, needed]) => [key, serviceOf(needed)]),
    );
    // The module's own types tie its factory to its needs (defineModule); here every module is alike.
    const service = (module.createService as (platform: Platform, needs: unknown) => unknown)(
      platform,
      needs,
    );
    made.set(module, service);
    return service;
  }

  const services = Object.fromEntries(modules.map((m) => [m.name, serviceOf(m)])) as Services;
  return { ...services, store, serviceOf };
}
