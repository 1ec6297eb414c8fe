// The wiring: makes the platform (database, configuration, session store) and every listed module's
// service, once per app instance, each after the services it needs.
import type { Config } from './config.js';
import type { Db } from '@sportello/db/client';
import type { RecurringJob } from './jobs/scheduler.js';
import { createRateLimiter } from './platform/auth/rate-limiter.js';
import { createThrottle } from './platform/auth/throttle.js';
import { modules } from './modules/index.js';
import { makeServices, type AnyModule, type ServiceOf } from './modules/module.js';
import { createSessionStore } from './platform/sessions/session-store.js';
import { createPersonalTokenStore } from './platform/tokens/personal-token-store.js';
import { localSessionChanges, type SessionChanges } from '@sportello/db/session-changes';

type Modules = (typeof modules)[number];

/** Every listed module's service under the module's name. */
export type Services = { [M in Modules as M['name']]: ServiceOf<M> };

/** Cached session reads kept at most: a few megabytes, whatever the traffic. */
const SESSION_CACHE_ENTRIES = 10_000;

/** `sessionChanges`: how processes tell each other a session changed; one process alone by default. */
export function createServices(
  db: Db,
  config: Config,
  sessionChanges: SessionChanges = localSessionChanges(),
) {
  const store = createSessionStore(
    db,
    {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    {
      cache: { lifetimeMs: config.SESSION_CACHE_SECONDS * 1_000, maxEntries: SESSION_CACHE_ENTRIES },
      changes: sessionChanges,
    },
  );
  const throttle = createThrottle(createRateLimiter(db), { slowdownMaxMs: config.LOGIN_SLOWDOWN_MAX_MS });
  const tokens = createPersonalTokenStore(db);
  const made = makeServices(modules, { db, config, store, throttle, tokens });
  const services = Object.fromEntries(modules.map((m) => [m.name, made.get(m)])) as Services;
  /**
   * Expired or idle sessions, rate-limit windows that count nothing any more: refused or ignored on
   * read already, swept only to keep the tables small.
   */
  const sweep: RecurringJob = {
    kind: 'sessions.sweep',
    everyMs: 10 * 60_000,
    run: async (now) => {
      await store.deleteExpired(now);
      await throttle.sweep(now);
    },
  };
  return { ...services, store, throttle, tokens, sweep, serviceOf: (module: AnyModule) => made.get(module) };
}
