// Opens the configured database (and its DATA_DIR lock for PGlite), migrated and ready.
import { openPglite, openPostgres, type Database } from './client.js';
import { lockDataDir } from './data-dir-lock.js';

/** The settings of the server's configuration that choose and size the database. */
export interface DatabaseSettings {
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_SIZE: number;
  DATA_DIR: string;
}

// Used by the server and by the command-line tools alike, so a seed can never write into a DATA_DIR
// that a running server holds.
export async function openConfiguredDatabase(
  config: DatabaseSettings,
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
