// Seed time and embedded-database size for the default demo data and for N extra customers.
// Usage: node bench/seed.mjs [extraCustomers=100000]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extra = Number(process.argv[2] ?? 100_000);

function seed(customers) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sportello-seed-'));
  const started = performance.now();
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/db/seed-cli.ts', '--customers', String(customers)],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' },
  );
  const seconds = (performance.now() - started) / 1000;
  const size = execFileSync('du', ['-sh', dataDir]).toString().split('\t')[0];
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`seed with ${customers} extra customers: ${seconds.toFixed(1)} s, PGlite data folder ${size}`);
}

seed(0);
if (extra > 0) seed(extra);
