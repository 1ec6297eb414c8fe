// Opens the configured database for the command-line tools (town import, demo seed).
// It lives here rather than in db/ only because this branch may not touch db/client.ts.
import type { Config } from '../../config.js';
import { openPglite, openPostgres, type Database } from '../client.js';

export function openDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, (err) => {
        console.error(`database: ${err.message}`);
      })
    : openPglite(config.DATA_DIR);
}
