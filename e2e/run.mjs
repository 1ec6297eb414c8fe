// Browser tests: builds the web app, starts the real server with a fresh database (demo data),
// runs the Playwright specs in Debian's Chromium, and always stops the server.
// A whole run is split into E2E_SHARDS shards (default 4), each with a server and database of its
// own, run side by side: a spec waits mostly on its browser and server (two shards kept two cores a
// quarter busy), so four halve the run without running out of cores.
// With TEST_DATABASE_URL set (CI sets it), every second shard's server runs on a new database on that
// PostgreSQL, with the workers it starts there, so the browser walks the deployment as well as the
// embedded default; E2E_DATABASE=postgres puts every shard there, E2E_DATABASE=pglite none.
// Set E2E_BASE_URL to test a server that is already running instead (and E2E_SUPERVISOR to a
// supervisor's {username, password, totpSecret}: the server started here gets one, support/server.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ROOT, startServer } from './support/server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.error(
    `Chromium not found at ${CHROMIUM}. Install Debian's package (apt-get install chromium); browsers are never downloaded.`,
  );
  process.exit(1);
}

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const specArgs = process.argv.slice(2);
const playwright = (extra = []) => [
  'playwright',
  'test',
  '-c',
  'e2e/playwright.config.ts',
  ...specArgs,
  ...extra,
];
// Chosen specs run in one shard, so the order they are given in holds.
const shards = specArgs.length ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 4));

/** The PostgreSQL server shard `index` (from 1) runs on, or undefined for the embedded database. */
function postgresOf(index) {
  const url = process.env.TEST_DATABASE_URL;
  const choice = process.env.E2E_DATABASE;
  if (choice === 'pglite' || !url) {
    if (choice === 'postgres') throw new Error('E2E_DATABASE=postgres needs TEST_DATABASE_URL');
    return undefined;
  }
  return choice === 'postgres' || index % 2 === 0 ? url : undefined;
}
const databaseName = (index) => (postgresOf(index) ? 'PostgreSQL' : 'the embedded database');

/** One shard on its own server; its lines are prefixed with [shard] so the two logs can be told apart. */
async function runShard(index) {
  console.log(`e2e shard ${index}/${shards}: on ${databaseName(index)}`);
  const server = await startServer({ supervisor: true, postgresUrl: postgresOf(index) });
  try {
    const child = spawn('npx', playwright([`--shard=${index}/${shards}`]), {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...server.env,
        E2E_BASE_URL: server.baseUrl,
        CHROMIUM_PATH: CHROMIUM,
        E2E_OUTPUT_DIR: `./results/shard-${index}`,
      },
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) process.stdout.write(`[${index}] ${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`[${index}] ${rest}\n`));
    }
    return await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  } finally {
    await server.stop();
  }
}

async function main() {
  if (process.env.E2E_BASE_URL) return run('npx', playwright(), { CHROMIUM_PATH: CHROMIUM });
  if (run('npm', ['run', 'build', '-w', 'web']) !== 0) return 1;
  if (shards === 1) {
    console.log(`e2e: on ${databaseName(1)}`);
    const server = await startServer({ supervisor: true, postgresUrl: postgresOf(1) });
    try {
      return run('npx', playwright(), {
        ...server.env,
        E2E_BASE_URL: server.baseUrl,
        CHROMIUM_PATH: CHROMIUM,
      });
    } finally {
      await server.stop();
    }
  }
  const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
  codes.forEach((code, i) =>
    console.log(`e2e shard ${i + 1}/${shards}: ${code === 0 ? 'passed' : `failed (${code})`}`),
  );
  return codes.every((code) => code === 0) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`e2e: ${error.message}`);
    process.exit(1);
  },
);
