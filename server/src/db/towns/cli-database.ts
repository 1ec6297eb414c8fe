// The configured database for the address importers' command lines: opened, handed to `run`, closed.
import { loadConfig } from '../../config.js';
import type { Db } from '@sportello/db/client';
import { openConfiguredDatabase } from '@sportello/db/open';

export async function withConfiguredDatabase(run: (db: Db) => Promise<void>): Promise<void> {
  const database = await openConfiguredDatabase(loadConfig(), (err) =>
    console.error(`database: ${err.message}`),
  ).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
  try {
    await run(database.db);
  } finally {
    await database.close();
  }
}
