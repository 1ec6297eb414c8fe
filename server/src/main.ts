// Process entry: config → database (migrated) → demo data on first run → listen → graceful shutdown.
import { Server } from 'node:net';
import { buildApp, createLogger } from './app.js';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from '@sportello/db/open';
import { seedOnFirstStart } from './db/seed-on-first-start.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);

const database = await openConfiguredDatabase(config, (err) =>
  logger.error({ err }, 'idle database connection lost; the pool will reconnect'),
).catch((err: Error) => {
  logger.fatal(err.message);
  process.exit(1);
});
if (config.SEED_DEMO_DATA) await seedOnFirstStart(database.db, config.SEED_CUSTOMERS, logger);

const app = await buildApp(config, database, logger);
await app.listen({ host: config.HOST, port: config.PORT });

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
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
