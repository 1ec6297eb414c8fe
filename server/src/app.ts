// Builds the Fastify instance: plugins first, then the routes of every listed module. Never listens.
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@sportello/contract';
import type { Config } from './config.js';
import type { Database } from '@sportello/db/client';
import { AppError } from './http/app-error.js';
import { serializeError } from '@sportello/db/errors';
import { createJobsRuntime } from './jobs/runtime.js';
import devOutbox from './plugins/dev-outbox.js';
import drain from './plugins/drain.js';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import metrics from './platform/metrics.js';
import openapi from './plugins/openapi.js';
import security from './plugins/security.js';
import machine from './plugins/machine.js';
import session from './plugins/session.js';
import staff from './plugins/staff.js';
import web from './plugins/web.js';
import { modules } from './modules/index.js';
import { moduleJobHandlers, moduleRecurringJobs, registerModule } from './modules/module.js';
import { createTokenKeys } from './platform/machine/tokens.js';
import { createStaffSessionStore } from './platform/staff/staff-sessions.js';
import { createReachCheck } from './platform/reach/check-reach.js';
import { createServices } from './wiring.js';

/** Fields never written to logs, wherever they appear. */
export const LOG_REDACT = [
  'req.headers.sessionid',
  'req.headers.staffsessionid',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  '*.password',
  '*.currentPassword',
  '*.code',
  '*.token',
];

/** A path segment that names a page and nothing more (`link`, `recupero-psw`, `assets`). */
const PAGE_SEGMENT = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * What a log says of a request's address: its route pattern (`/services/rest/portalapi/Core/v1/links/:id`),
 * never the URL, whose path and query may carry a session id, a link's hash code or a handover code. An
 * unmatched path (a web page such as `/link/<hashCode>?company=sga`) keeps only its first segment.
 */
export function loggedRoute(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }) {
  const pattern = request.routeOptions?.url;
  if (pattern) return pattern;
  const [first = '', ...rest] = (request.url.split(/[?#]/)[0] ?? '').split('/').slice(1);
  const page = PAGE_SEGMENT.test(first) ? `/${first}` : first ? '/*' : '/';
  return rest.length > 0 ? `${page}/*` : page;
}

export const logSerializers = {
  req: (request: FastifyRequest) => ({ method: request.method, route: loggedRoute(request) }),
  err: serializeError,
};

/** The process's logger (main.ts); tests give a stream to read what it wrote. */
export function createLogger(level: Config['LOG_LEVEL'], destination?: DestinationStream) {
  return pino({ level, redact: LOG_REDACT, serializers: logSerializers }, destination);
}

export interface BuildOptions {
  /**
   * Tests only: `false` builds the app without the reach check (platform/reach), to prove that the
   * generated access suite fails without it (server/test/reach-switch.test.ts).
   */
  checkReach?: boolean;
}

/** `logger` is the process's pino instance; tests pass none and get no logs. */
export async function buildApp(
  config: Config,
  database: Database,
  logger?: FastifyBaseLogger,
  options: BuildOptions = {},
) {
  const trustProxy = config.TRUST_PROXY;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Fastify's types omit the hop count that proxy-addr accepts; the same rule as a function.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // While stopping, the drain plugin answers 503 itself, in Italian, inside the envelope.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const sessionChanges = await database.openSessionChanges((err) =>
    app.log.warn({ err }, 'session change notices interrupted'),
  );
  app.addHook('onClose', () => sessionChanges.close());
  const services = createServices(database.db, config, sessionChanges);

  await app.register(metrics, { database });
  await app.register(drain);
  await app.register(errors);
  await app.register(security, {
    corsOrigins: config.CORS_ORIGINS,
    cspExtraSources: config.CSP_EXTRA_SOURCES,
  });
  await app.register(openapi);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });

  if (config.MAINTENANCE_MODE) {
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith(API_PREFIX)) throw new AppError(503, 'maintenance');
    });
  }

  await app.register(session, {
    store: services.store,
    tokens: services.tokens,
    throttle: services.throttle,
    tokenRequestsPerHour: config.PERSONAL_TOKEN_REQUESTS_PER_HOUR,
    recordTokenRefusal: services.audit.recordTokenRefusal,
  });
  await app.register(machine, { db: database.db, keys: createTokenKeys(database.db, config.SECRETS_KEYS) });
  await app.register(staff, { db: database.db, store: createStaffSessionStore(database.db) });
  app.decorate('reach', createReachCheck(database.db, { enabled: options.checkReach ?? true }));
  for (const module of modules) await registerModule(app, module, services.serviceOf(module));
  // Secrets kept in clear before SECRETS_KEY, or sealed with a key since rotated, are sealed now (ADR 049).
  // They open either way meanwhile, so a database away at this moment does not stop the start.
  app.addHook('onReady', async () => {
    try {
      await services.staff.sealStoredSecrets();
      await services.integration.sealStoredSecrets();
    } catch (err) {
      app.log.error({ err }, 'stored secrets not sealed again; the next start tries again');
    }
  });

  // Every process runs due jobs (mail, push, SMS, the modules' own, the recurring ones) outside the
  // requests; with the poller off (tests), nothing is scheduled either.
  const jobs = createJobsRuntime(database.db, config, {
    handlers: moduleJobHandlers(modules, app, (module) => services.serviceOf(module)),
    recurring: [...moduleRecurringJobs(modules, (module) => services.serviceOf(module)), services.sweep],
    forgetDevice: services.devices.forget,
  });
  if (config.JOBS_POLL_MS > 0) app.addHook('onReady', async () => jobs.start(config.JOBS_POLL_MS));
  app.addHook('onClose', () => jobs.close());
  if (config.NODE_ENV !== 'production') await app.register(devOutbox, { outbox: jobs.outbox });

  if (config.WEB_DIST_DIR) await app.register(web, { distDir: config.WEB_DIST_DIR });
  return app;
}
