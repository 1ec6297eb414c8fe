// Starts the real server (node --import tsx server/src/main.ts) on a free port with a fresh
// database (embedded, or a new one on a PostgreSQL server), for the browser tests and the web
// budgets; stop() always cleans up.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from '../../bench/lib/timing.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 180_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(baseUrl, server) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server stopped during start-up (exit code ${server.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server was not ready after ${READY_TIMEOUT_MS / 1000} s`);
}

function terminate(server) {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** The supervisor the console's specs log in as: the demo has an operator only (ADR 041). */
const SUPERVISOR = { username: 'supervisore.e2e', password: 'Supervisore-e2e-2026!' };

/**
 * Creates the supervisor on the fresh database with the product's own command (`npm run staff --
 * create`), before the server holds the folder; answers its login with the TOTP secret printed once.
 */
function createSupervisor(databaseEnv) {
  const made = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/modules/staff/cli.ts',
      'create',
      ...['--username', SUPERVISOR.username, '--name', 'Supervisore e2e', '--role', 'supervisor'],
      ...['--brands', 'sgr,ast,sga,mes,msu'],
    ],
    {
      cwd: path.join(ROOT, 'server'),
      encoding: 'utf8',
      env: { ...process.env, ...databaseEnv, STAFF_PASSWORD: SUPERVISOR.password, LOG_LEVEL: 'warn' },
    },
  );
  const totpSecret = /TOTP secret:\s+(\S+)/.exec(made.stdout ?? '')?.[1];
  if (made.status !== 0 || !totpSecret)
    throw new Error(`the e2e supervisor was not created: ${made.stderr || made.stdout}`);
  return { ...SUPERVISOR, totpSecret };
}

/**
 * An integration client of every brand (`npm run integration -- client create`), so a spec can act as
 * the ERP (cancel a bill, ADR 056); answers its id and the secret printed once.
 */
function createErpClient(databaseEnv) {
  const made = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/modules/integration/cli.ts',
      'client',
      'create',
      ...['--name', 'e2e', '--scopes', 'billing:write,crm:write', '--brands', 'sgr,ast,sga,mes,msu'],
    ],
    {
      cwd: path.join(ROOT, 'server'),
      encoding: 'utf8',
      env: { ...process.env, ...databaseEnv, LOG_LEVEL: 'warn' },
    },
  );
  const id = /client_id:\s+(\S+)/.exec(made.stdout ?? '')?.[1];
  const secret = /client_secret:\s+(\S+)/.exec(made.stdout ?? '')?.[1];
  if (made.status !== 0 || !id || !secret)
    throw new Error(`the e2e ERP client was not created: ${made.stderr || made.stdout}`);
  return { id, secret };
}

/**
 * The web app must be built first: the server lists web/dist when it starts. With `supervisor`, the
 * database gets the supervisor first and an ERP client after the first start, and `env` hands their
 * credentials to the specs (E2E_SUPERVISOR, E2E_ERP_CLIENT). With
 * `postgresUrl` (a server's admin URL) the database is a new one there, dropped at stop; without it,
 * an embedded one in a temporary folder.
 */
export async function startServer({ supervisor = false, postgresUrl } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sportello-web-'));
  const postgres = await freshDatabase(postgresUrl, `sportello_e2e_${port}`);
  const databaseEnv = postgres.databaseUrl ? { DATABASE_URL: postgres.databaseUrl } : { DATA_DIR: dataDir };
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres.drop();
  };
  let env = {};
  try {
    if (supervisor) env = { E2E_SUPERVISOR: JSON.stringify(createSupervisor(databaseEnv)) };
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const launch = () =>
    spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(ROOT, 'server'),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...databaseEnv,
        LOG_LEVEL: 'warn',
        // Every browser page of every spec opens its guest session from this one address.
        GUEST_SESSIONS_PER_ADDRESS: '100000',
        // Passkeys belong to a host name (not an address): the passkeys spec runs on localhost.
        WEBAUTHN_ORIGINS: `http://localhost:${port}`,
      },
    });
  let server = launch();
  const stop = async () => {
    await terminate(server);
    await cleanUp();
  };
  try {
    await waitUntilReady(baseUrl, server);
    // An integration client names brands the first start created: made between two starts, since the
    // embedded database is held by the running server.
    if (supervisor) {
      await terminate(server);
      env = { ...env, E2E_ERP_CLIENT: JSON.stringify(createErpClient(databaseEnv)) };
      server = launch();
      await waitUntilReady(baseUrl, server);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, env };
}
