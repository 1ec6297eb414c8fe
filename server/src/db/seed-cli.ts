// `npm run seed -w server -- [--seed N] [--customers N] [--today YYYY-MM-DD] [--reset]`:
// fills the configured database (PGlite in DATA_DIR or PostgreSQL at DATABASE_URL) with demo data.
// The generator (@sportello/demo) is imported here only, never by the running server's modules.
import { isIsoDate, todayInRome } from '@sportello/domain';
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '@sportello/db/open';
import { erpIntake } from '../erp-intake.js';

const USAGE = `usage: npm run seed -- [--seed N] [--customers N] [--today YYYY-MM-DD] [--reset]
  --seed N           the generator's seed (default 1): the same seed, the same data
  --customers N      generated customers beside the named demo accounts (default 0)
  --today YYYY-MM-DD the day the data ends on (default today in Rome)
  --reset            replace the demo data of a database that already has some`;

/** The options, or the usage and exit code 2 for an unknown option or a value that is not one. */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        seed: { type: 'string', default: '1' },
        customers: { type: 'string', default: '0' },
        today: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    for (const name of ['seed', 'customers'] as const)
      if (!/^\d+$/.test(values[name]))
        throw new Error(`--${name} takes a whole number, not "${values[name]}"`);
    if (values.today !== undefined && !isIsoDate(values.today))
      throw new Error(`--today takes a date as YYYY-MM-DD, not "${values.today}"`);
    return values;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const values = readOptions();

const { DatabaseNotEmptyError, seedDemoData } = await import('@sportello/demo');
const config = loadConfig();
const database = await openConfiguredDatabase(config, (err) =>
  console.error(`database: ${err.message}`),
).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
const started = performance.now();
let exitCode = 0;
try {
  const summary = await seedDemoData(database.db, {
    intake: erpIntake(database.db, config),
    seed: Number(values.seed),
    customers: Number(values.customers),
    today: values.today ?? todayInRome(new Date()),
    reset: values.reset,
    // The demo operator's TOTP secret is in the README: never on a production database.
    staff: config.NODE_ENV !== 'production',
    onProgress: (done, total) => {
      if (done % 10_000 === 0 || done === total) {
        console.log(`  ${done}/${total} customers, ${Math.round(performance.now() - started)} ms`);
      }
    },
  });
  if (summary.townsImported > 0) console.log(`towns imported: ${summary.townsImported}`);
  for (const [table, count] of Object.entries(summary.rows)) console.log(`${table.padEnd(22)} ${count}`);
  for (const [name, ms] of Object.entries(summary.phases)) console.log(`phase: ${name}: ${ms} ms`);
  console.log(`seeded in ${Math.round(performance.now() - started)} ms`);
  // Size on disk: the PostgreSQL database, or the PGlite data folder (bench/seed.mjs measures that).
  if (database.kind === 'postgres') {
    const { rows } = (await database.db.execute(
      sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
    )) as { rows: { size: string }[] };
    console.log(`database size on disk: ${rows[0]?.size}`);
  }
} catch (err) {
  if (!(err instanceof DatabaseNotEmptyError)) throw err;
  console.error(`${err.message} Use --reset to replace it.`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exitCode = exitCode;
