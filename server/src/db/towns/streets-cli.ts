// `npm run import:streets -w server -- --csv path`: ANNCSU's street file (see anncsu-csv.ts), after
// the towns (`npm run import:towns`): streets of towns not imported are skipped.
import { parseArgs } from 'node:util';
import { withConfiguredDatabase } from './cli-database.js';
import { importStreets } from '@sportello/db/towns/import-streets';

const { values } = parseArgs({ options: { csv: { type: 'string' } } });
const csv = values.csv;
if (!csv) {
  console.error('Usage: npm run import:streets -w server -- --csv <ANNCSU street file>');
  process.exit(2);
}
await withConfiguredDatabase(async (db) => {
  const started = performance.now();
  const { read, added } = await importStreets(db, csv);
  console.log(`Read ${read} streets, added ${added} in ${Math.round(performance.now() - started)} ms`);
});
