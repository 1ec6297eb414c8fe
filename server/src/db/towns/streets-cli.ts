// `npm run import:streets -w server -- --csv path`: ANNCSU's street file (see anncsu-csv.ts), after
// the towns (`npm run import:towns`): streets of towns not imported are skipped.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openConfiguredDatabase } from '../open.js';
import { importStreets } from './import-streets.js';

const { values } = parseArgs({ options: { csv: { type: 'string' } } });
if (!values.csv) {
  console.error('Usage: npm run import:streets -w server -- --csv <ANNCSU street file>');
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config, (err) =>
  console.error(`database: ${err.message}`),
).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
try {
  const started = performance.now();
  const { read, added } = await importStreets(database.db, values.csv);
  console.log(`Read ${read} streets, added ${added} in ${Math.round(performance.now() - started)} ms`);
} finally {
  await database.close();
}
