// Process entry: config → database (migrated) → demo data on first run → listen → graceful shutdown.
// With several workers (WORKERS, ADR 034) the primary migrates and seeds once, then forks the workers,
// and each worker runs the rest of this file.
import cluster from 'node:cluster';
import { Server } from 'node:net';
import { buildApp, createLogger } from './app.js';
import { loadConfig, refuseWhatIsNotReal } from './config.js';
import { openConfiguredDatabase } from '@sportello/db/open';
import { seedOnFirstStart } from './db/seed-on-first-start.js';
import { runPrimary, shareMetricsWithPrimary, workerCount } from './platform/cluster.js';
import { serveMetrics } from './platform/metrics.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
  refuseWhatIsNotReal(config);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
const onConnectionLost = (err: Error) =>
  logger.error({ err }, 'idle database connection lost; the pool will reconnect');

async function openDatabase() {
  return openConfiguredDatabase(config, onConnectionLost).catch((err: Error) => {
    logger.fatal(err.message);
    process.exit(1);
  });
}

/** Longest wait for running handlers at shutdown: above the 15 s client time-out is pointless. */
const SHUTDOWN_DRAIN_MS = 15_000;
/** How long open keep-alive connections may still ask (and get 503) once no new ones are accepted. */
const SHUTDOWN_LINGER_MS = 1_000;

/**
 * Stops accepting connections but, unlike http.Server#close, leaves the open ones alone for a moment:
 * a client that sends on its pooled connection gets 503 with `Connection: close` instead of a reset.
 */
function stopListening(server: Server, lingerMs: number) {
  return new Promise<void>((resolve) => {
    Server.prototype.close.call(server, () => resolve());
    setTimeout(resolve, lingerMs).unref();
  });
}

const workers = workerCount(config);
if (cluster.isPrimary) logger.info(workers.note);
if (cluster.isPrimary && workers.count > 1) {
  await runPrimary(config, workers.count, logger, async () => {
    const database = await openDatabase();
    if (config.SEED_DEMO_DATA) await seedOnFirstStart(database.db, config, logger);
    await database.close();
  });
} else {
  await serve();
}

async function serve() {
  // A signal that arrives while the process starts (a worker forked a moment before the primary
  // stops, say) is kept until it listens: then it stops as any other, with nothing admitted to finish.
  let started = false;
  let signalledWhileStarting: string | undefined;
  const onSignal = (signal: string) => {
    if (started) void shutdown(signal);
    else signalledWhileStarting ??= signal;
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  // A worker's metrics go out through the primary's listener; one process serves its own.
  if (cluster.isWorker) shareMetricsWithPrimary();
  const database = await openDatabase();
  if (cluster.isPrimary && config.SEED_DEMO_DATA) await seedOnFirstStart(database.db, config, logger);

  const app = await buildApp(config, database, logger);
  await app.listen({ host: config.HOST, port: config.PORT });
  if (cluster.isWorker) shareMetricsWithPrimary(app.promRegistry);
  const metrics =
    cluster.isPrimary && config.METRICS_PORT > 0
      ? await serveMetrics(
          { host: config.METRICS_HOST, port: config.METRICS_PORT },
          async () => ({ contentType: app.promRegistry.contentType, text: await app.promRegistry.metrics() }),
          logger,
        )
      : undefined;

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing requests, then closing the database');
    // Still listening: new requests get 503 (the load balancer moves on) while admitted ones finish.
    await app.stopAccepting(SHUTDOWN_DRAIN_MS);
    await stopListening(app.server, SHUTDOWN_LINGER_MS);
    // close() ends the idle connections left; handlers whose clients left may still be running.
    await app.close();
    await app.drain(SHUTDOWN_DRAIN_MS);
    await database.close();
    await metrics?.close();
    process.exit(0);
  }
  started = true;
  if (signalledWhileStarting) void shutdown(signalledWhileStarting);
}
