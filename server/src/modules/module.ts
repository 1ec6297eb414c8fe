// What a server module is: one object per folder (modules/<area>/index.ts) naming the module, the
// modules whose services it needs, how its service is made and which routes it serves.
// modules/index.ts lists them; wiring.ts makes the services, app.ts registers the routes.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '@sportello/db/client';
import type { RecurringJob } from '../jobs/scheduler.js';
import type { JobHandler } from '../jobs/worker.js';
import type { Throttle } from '../platform/auth/throttle.js';
import type { SessionStore } from '../platform/sessions/session-store.js';
import type { PersonalTokenStore } from '../platform/tokens/personal-token-store.js';

/**
 * What every module may use besides the services it names: the database, the configuration, the
 * sessions and the throttle of guessable secrets (login, one-time codes, forms: ADR 012).
 */
export interface Platform {
  db: Db;
  config: Config;
  store: SessionStore;
  throttle: Throttle;
  /** Personal read-only tokens (ADR 037). */
  tokens: PersonalTokenStore;
}

/** Any module, whatever its service: what the list and the wiring need to know. */
export interface AnyModule {
  readonly name: string;
  readonly purpose: string;
  readonly needs: Readonly<Record<string, AnyModule>>;
  createService(...args: never[]): unknown;
  routes(...args: never[]): void;
  jobs?(...args: never[]): Record<string, JobHandler>;
  recurring?(...args: never[]): RecurringJob[];
}

export type ServiceOf<M extends AnyModule> = ReturnType<M['createService']>;
export type ServicesOf<Needs extends Record<string, AnyModule>> = {
  [K in keyof Needs]: ServiceOf<Needs[K]>;
};

export interface ServerModule<Name extends string, Needs extends Record<string, AnyModule>, Service> {
  readonly name: Name;
  /** What the module is for, in one line: docs/architecture.md's module table shows it. */
  readonly purpose: string;
  /** Other modules this one calls, always through their service; the wiring makes them first. */
  readonly needs: Needs;
  createService(platform: Platform, needs: ServicesOf<Needs>): Service;
  /** Registers the module's calls with `route(app, call, handler)`; handlers reach only `service`. */
  routes(app: FastifyInstance, service: Service): void;
  /** Job kinds the module runs on the jobs queue (ADR 014); handlers may call the app in process. */
  jobs?(service: Service, app: FastifyInstance): Record<string, JobHandler>;
  /** Work the module does every period, once over all processes (jobs/scheduler.ts, ADR 062). */
  recurring?(service: Service): RecurringJob[];
}

/** Only infers the types: `needs` typed the factory's second argument, the factory typed `routes`. */
export function defineModule<
  const Name extends string,
  Service,
  const Needs extends Record<string, AnyModule> = Record<never, AnyModule>,
>(module: ServerModule<Name, Needs, Service>): ServerModule<Name, Needs, Service> {
  return module;
}

/**
 * Each listed module's service, made once and after the services it needs. A name listed twice, a
 * needed module that is not listed, or a module that needs itself through others stops the start.
 */
export function makeServices(list: readonly AnyModule[], platform: Platform): Map<AnyModule, unknown> {
  const names = new Set(list.map((m) => m.name));
  if (names.size !== list.length) throw new Error('two listed modules share a name');
  const made = new Map<AnyModule, unknown>();
  const making: AnyModule[] = [];

  function serviceOf(module: AnyModule): unknown {
    if (made.has(module)) return made.get(module);
    if (making.includes(module)) {
      throw new Error(`modules need each other: ${[...making, module].map((m) => m.name).join(' → ')}`);
    }
    making.push(module);
    const needs = Object.fromEntries(
      Object.entries(module.needs).map(([key, needed]) => {
        if (!list.includes(needed))
          throw new Error(`${module.name} needs ${needed.name}, which is not listed`);
        return [key, serviceOf(needed)];
      }),
    );
    // defineModule tied the factory to the module's needs; past the list every module is alike.
    const create = module.createService as (platform: Platform, needs: unknown) => unknown;
    made.set(module, create(platform, needs));
    making.pop();
    return made.get(module);
  }

  for (const module of list) serviceOf(module);
  return made;
}

/** The job handlers of every listed module that has some. */
export function moduleJobHandlers(
  list: readonly AnyModule[],
  app: FastifyInstance,
  serviceOf: (module: AnyModule) => unknown,
): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const module of list) {
    const jobs = module.jobs as
      ((service: unknown, app: FastifyInstance) => Record<string, JobHandler>) | undefined;
    if (jobs) Object.assign(handlers, jobs(serviceOf(module), app));
  }
  return handlers;
}

/** The recurring jobs of every listed module that has some. */
export function moduleRecurringJobs(
  list: readonly AnyModule[],
  serviceOf: (module: AnyModule) => unknown,
): RecurringJob[] {
  return list.flatMap((module) => {
    const recurring = module.recurring as ((service: unknown) => RecurringJob[]) | undefined;
    return recurring ? recurring(serviceOf(module)) : [];
  });
}

/** Registers a module's routes in a plugin scope of their own, with the service made for it. */
export async function registerModule(app: FastifyInstance, module: AnyModule, service: unknown) {
  const routes = module.routes as (app: FastifyInstance, service: unknown) => void;
  await app.register(async (scope) => routes(scope, service));
}
