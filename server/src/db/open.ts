// Opens the configured database (and its DATA_DIR lock for PGlite), migrated and ready.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openPglite, openPostgres, type Database } from './client.js';
import { lockDataDir } from './data-dir-lock.js';

export async function openConfiguredDatabase(
  config: Config,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, (err) =>
      log.error({ err }, 'idle database connection lost; the pool will reconnect'),
    );
    await database.migrate();
    return database;
  }
  const unlock = lockDataDir(config.DATA_DIR);
  try {
    const database = await openPglite(config.DATA_DIR);
    await database.migrate();
    return {
      ...database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
