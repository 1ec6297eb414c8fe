// Runs every benchmark in turn and prints their figures. Each can also run alone.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = [
  ['api-auth.mjs', ['10']],
  ['town-search.mjs', []],
  ['seed.mjs', [process.env.BENCH_SEED_CUSTOMERS ?? '10000']],
  ['invoices.mjs', process.env.BENCH_DATABASE_URL ? [process.env.BENCH_DATABASE_URL] : []],
  ['consumptions.mjs', process.env.BENCH_DATABASE_URL ? [process.env.BENCH_DATABASE_URL] : []],
  ['web-budgets.mjs', []],
];

for (const [file, args] of benches) {
  if (!existsSync(path.join(here, file))) throw new Error(`bench/${file} is missing`);
  console.log(`\n# ${file}`);
  execFileSync(process.execPath, [path.join(here, file), ...args], { stdio: 'inherit' });
}
