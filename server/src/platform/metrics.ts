// Prometheus metrics of one server process (ADR 034): per-route latency and status counts by route
// pattern, never the URL (ADR 023); the event loop; the database pool; the jobs queue; logins. They live
// in the app's own registry and are served by main.ts on a listener of their own, never on the public
// port (platform/cluster.ts adds up the workers' registries).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyMetrics from 'fastify-metrics';
import client from 'prom-client';
import { core } from '@sportello/contract';
import type { Database } from '@sportello/db/client';
import { jobsBacklog } from '../jobs/queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics (fastify-metrics' own decorator is `metrics`). */
    promRegistry: client.Registry;
  }
}

/** Seconds; dense below one second, the page budget the peak test holds (bench/peak.mjs). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const LOGIN_ROUTE = core.login.path;
/** The login call's answers (contract: refusals 422, 429) as the outcome an operator watches. */
const LOGIN_OUTCOMES: Record<number, string> = { 200: 'success', 422: 'refused', 429: 'throttled' };

export default fp(
  async function metrics(app: FastifyInstance, opts: { database: Database }) {
    const registry = new client.Registry();
    const registers = [registry];
    // Registered before the routes: fastify-metrics learns the route patterns from onRoute.
    await app.register(fastifyMetrics, {
      promClient: client,
      endpoint: null,
      defaultMetrics: { enabled: true, register: registry },
      routeMetrics: {
        // Summaries cannot be added up across workers; the histogram can.
        enabled: { histogram: true, summary: false },
        overrides: {
          histogram: { buckets: LATENCY_BUCKETS, registers },
          summary: { registers },
        },
      },
    });
    app.decorate('promRegistry', registry);

    const stats = opts.database.poolStats;
    if (stats) {
      new client.Gauge({
        name: 'sportello_db_pool_connections',
        help: 'PostgreSQL pool of this process: connections in use, idle, the pool size, queries waiting for a connection',
        labelNames: ['state'],
        registers,
        collect() {
          const { max, open, idle, waiting } = stats();
          this.set({ state: 'in_use' }, open - idle);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'max' }, max);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }

    // The queue is the database's, the same for every worker: the highest report, not their sum. Both
    // gauges are read in one scrape; they share one query.
    let backlog: Promise<{ due: number; age: number }> | undefined;
    const readBacklog = () =>
      (backlog ??= jobsBacklog(opts.database.db, new Date())
        .then(({ due, oldestRunAt }) => ({
          due,
          age: oldestRunAt ? Math.max(0, (Date.now() - oldestRunAt.getTime()) / 1000) : 0,
        }))
        .finally(() => (backlog = undefined)));
    new client.Gauge({
      name: 'sportello_jobs_due',
      help: 'Jobs (mail, push, SMS, the modules’ own) due and not yet done',
      aggregator: 'max',
      registers,
      async collect() {
        this.set((await readBacklog()).due);
      },
    });
    new client.Gauge({
      name: 'sportello_jobs_oldest_due_age_seconds',
      help: 'How long the oldest due job has waited',
      aggregator: 'max',
      registers,
      async collect() {
        this.set((await readBacklog()).age);
      },
    });

    const logins = new client.Counter({
      name: 'sportello_logins_total',
      help: 'Login attempts by outcome: success, refused (wrong credentials), throttled (429, ADR 012)',
      labelNames: ['outcome'],
      registers,
    });
    app.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.url !== LOGIN_ROUTE) return;
      logins.inc({ outcome: LOGIN_OUTCOMES[reply.statusCode] ?? 'error' });
    });
  },
  { name: 'sportello-metrics' },
);

/**
 * Serves `GET /metrics` on its own address (METRICS_HOST:METRICS_PORT, loopback by default) so the
 * public port never shows them. A busy port is logged and leaves the server serving customers.
 */
export async function serveMetrics(
  address: { host: string; port: number },
  read: () => Promise<{ contentType: string; text: string }>,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    read().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (err: Error) => {
        log.error({ err }, 'metrics not collected');
        response.writeHead(500).end();
      },
    );
  });
  server.listen(address.port, address.host);
  try {
    await once(server, 'listening');
  } catch (err) {
    log.error({ err, ...address }, 'metrics listener not started; the server goes on without it');
    return { port: undefined, close: async () => undefined };
  }
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
