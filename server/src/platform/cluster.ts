// Several server processes on one machine (ADR 034). node:cluster's primary prepares the database
// once (migrations, demo data), forks the workers, which share the listening port, serves their
// metrics added up, replaces a worker that dies, and on SIGTERM lets every worker drain before it exits.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import client from 'prom-client';
import type { Config } from '../config.js';
import { serveMetrics } from './metrics.js';

/** A dying worker is replaced after this pause, so a fault that kills every new one does not spin. */
const REPLACE_AFTER_MS = 1_000;

/**
 * How many processes serve: WORKERS, else one per core on PostgreSQL. PGlite is one process's
 * database (it holds DATA_DIR), so on PGlite always one, and the note says why.
 */
export function workerCount(config: Pick<Config, 'WORKERS' | 'DATABASE_URL'>): {
  count: number;
  note: string;
} {
  if (!config.DATABASE_URL) {
    const ignored = (config.WORKERS ?? 1) > 1 ? ` (WORKERS=${config.WORKERS} ignored)` : '';
    return {
      count: 1,
      note: `one process: PGlite is held by one process${ignored}; set DATABASE_URL to use every core`,
    };
  }
  const count = config.WORKERS ?? availableParallelism();
  return { count, note: `${count} worker process${count === 1 ? '' : 'es'} on PostgreSQL` };
}

/**
 * In a worker, from its first moment: answers the primary's requests for this process's metrics
 * (prom-client's protocol), with none until the app's `registry` exists. A worker still starting must
 * answer too, or the primary's scrape would wait for it until prom-client's time-out.
 */
export function shareMetricsWithPrimary(registry = new client.Registry()) {
  // Constructing an AggregatorRegistry is what installs prom-client's message listener (once).
  new client.AggregatorRegistry();
  client.AggregatorRegistry.setRegistries([registry]);
}

/**
 * The primary: runs `prepare` (migrations, demo data) alone, then forks `count` workers and stays
 * until a signal. A worker that fails before it listens stops the whole server: it is a
 * configuration fault a new worker would repeat.
 */
export async function runPrimary(
  config: Config,
  count: number,
  logger: FastifyBaseLogger,
  prepare: () => Promise<void>,
) {
  await prepare();
  const aggregator = new client.AggregatorRegistry();
  const metrics =
    config.METRICS_PORT > 0
      ? await serveMetrics(
          { host: config.METRICS_HOST, port: config.METRICS_PORT },
          async () => ({ contentType: aggregator.contentType, text: await aggregator.clusterMetrics() }),
          logger,
        )
      : undefined;

  const listening = new WeakSet<Worker>();
  // Counted here, not read from cluster.workers: node removes a worker from that list on its exit or
  // on its IPC disconnect, whichever comes last, so at the last 'exit' the list may still hold it.
  const alive = new Set<Worker>();
  let stopping = false;
  let failed = false;
  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.once('listening', () => listening.add(worker));
  };

  const finished = new Promise<void>((resolve) => {
    cluster.on('exit', (worker, code, signal) => {
      alive.delete(worker);
      if (stopping) {
        // A worker the stop's signal caught still loading its code had admitted nothing: not a failure.
        const caughtLoading = !listening.has(worker) && signal !== null;
        if (code !== 0 && !caughtLoading) failed = true;
        if (alive.size === 0) resolve();
        return;
      }
      if (!listening.has(worker)) {
        logger.fatal({ pid: worker.process.pid, code, signal }, 'a worker failed to start; stopping');
        failed = true;
        void stop();
        return;
      }
      logger.error({ pid: worker.process.pid, code, signal }, 'a worker died; starting another');
      setTimeout(() => stopping || fork(), REPLACE_AFTER_MS).unref();
    });
  });

  async function stop(signal = 'SIGTERM') {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: every worker finishes its requests, then exits');
    for (const worker of alive) worker.process.kill('SIGTERM');
    if (alive.size > 0) await finished;
    await metrics?.close();
    process.exit(failed ? 1 : 0);
  }
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
}
