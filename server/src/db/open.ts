// Opens the configured database (and its DATA_DIR lock for PGlite), migrated and ready.
import type { Config } from '../config.js';
import { openPglite, openPostgres, type Database } from './client.js';
import { lockDataDir } from './data-dir-lock.js';

// Used by the server and by the command-line tools alike, so a seed can never write into a DATA_DIR
// that a running server holds.
export async function openConfiguredDatabase(
  config: Config,
  onConnectionError: (err: Error) => void,
): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, onConnectionError);
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
