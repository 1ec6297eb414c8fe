// Seed time and database size for the default demo data and for N extra customers.
// Usage: node bench/seed.mjs [extraCustomers=100000] [postgres://admin-url]
//   Without a URL: PGlite, the demo data then N extra customers, each in a fresh data folder.
//   With one: N extra customers in a fresh PostgreSQL database; the seed prints its phases, rows per
//   table and size on disk. KEEP=1 leaves the database for bench/explain.mjs and prints its URL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from './lib/timing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extra = Number(process.argv[2] ?? 100_000);
const adminUrl = process.argv[3];

function runSeed(customers, env, stdio) {
  const started = performance.now();
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/db/seed-cli.ts', '--customers', String(customers)],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio },
  );
  return (performance.now() - started) / 1000;
}

function seedPglite(customers) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sportello-seed-'));
  const seconds = runSeed(customers, { DATA_DIR: dataDir, DATABASE_URL: '' }, 'ignore');
  const size = execFileSync('du', ['-sh', dataDir]).toString().split('\t')[0];
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`seed with ${customers} extra customers: ${seconds.toFixed(1)} s, PGlite data folder ${size}`);
}

if (adminUrl) {
  const { databaseUrl, drop } = await freshDatabase(adminUrl);
  try {
    const seconds = runSeed(extra, { DATABASE_URL: databaseUrl }, 'inherit');
    console.log(`PostgreSQL, ${extra} extra customers: ${seconds.toFixed(1)} s in all`);
  } finally {
    if (process.env.KEEP === '1') console.log(`kept: DATABASE_URL=${databaseUrl}`);
    else await drop();
  }
} else {
  seedPglite(0);
  if (extra > 0) seedPglite(extra);
}
