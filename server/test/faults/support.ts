// Fault-test harness: a throwaway PostgreSQL cluster (Debian's initdb/pg_ctl, a free port, a temp dir,
// run as the `postgres` user when the tests run as root; the shared server on 5432 is never touched)
// and the real server as a child process (`node --import tsx src/main.ts`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { openPglite, openPostgres } from '@sportello/db/client';
import { companies, users } from '@sportello/db/schema';
import { hashPassword } from '../../src/platform/auth/password.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const USERNAME = 'cliente';
export const PASSWORD = 'Sportello2026!';

/**
 * Migrates a database (a PGlite folder or a PostgreSQL URL) and adds one brand and one user: all the
 * fault tests need, much faster than the demo data.
 */
export async function prepareDatabase(target: { dataDir: string } | { url: string }) {
  const database =
    'url' in target ? await openPostgres(target.url, 1, () => undefined) : await openPglite(target.dataDir);
  try {
    await database.migrate();
    await database.db
      .insert(companies)
      .values({ code: 'sga', name: 'SGA', legalName: 'SGA S.p.A.', vatNumber: '00000000000' });
    await database.db.insert(users).values({
      key: 'U-1',
      companyCode: 'sga',
      username: USERNAME,
      passwordHash: await hashPassword(PASSWORD),
      status: 'Active',
      type: 'Customer',
    });
  } finally {
    await database.close();
  }
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool without blocking the test's event loop (the load keeps being recorded). */
async function run(command: string, args: string[]) {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${output}`);
}

export interface Cluster {
  url: string;
  start(): Promise<void>;
  /** `fast` rolls back open transactions and disconnects everyone, as a restart by an operator does. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
}

/** Never skips: without initdb the fault tests fail and say what to install. */
export async function startCluster(): Promise<Cluster> {
  if (spawnSync('sh', ['-c', 'command -v initdb && command -v pg_ctl']).status !== 0) {
    throw new Error(
      'initdb/pg_ctl not found on PATH: the fault tests need PostgreSQL installed ' +
        '(apt-get install postgresql; .ci/run installs it and links /usr/lib/postgresql/*/bin into PATH)',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'sportello-faults-'));
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0)
      throw new Error('running as root needs a `postgres` user to run the throwaway cluster');
    chownSync(dir, Number(ids.stdout), Number(gids.stdout));
  }
  const data = path.join(dir, 'data');
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    destroy: async () => {
      await cluster.stop('immediate').catch(() => undefined); // already stopped
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  output(): string;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SEED_DEMO_DATA: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      GUEST_SESSIONS_PER_ADDRESS: '1000000',
      // One process and no metrics listener unless a test asks: each test says how many it runs.
      WORKERS: '1',
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not ready in 90 s:\n${output}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, child, exited, output: () => output };
}

export interface Answer {
  status: number;
  body: { success: boolean; data?: { id?: string }; message?: string };
}

/** One API call; a network failure answers status 0 with its error code as message. */
export async function api(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  pathname: string,
  options: { sessionId?: string; body?: unknown } = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${base}/services/rest/${pathname}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.sessionId ? { sessionid: options.sessionId } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify({ request: options.body }) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { status: 0, body: { success: false, message: cause?.code ?? (err as Error).message } };
  }
}

export const createGuest = (base: string) =>
  api(base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });

export const readSession = (base: string, id: string) =>
  api(base, 'GET', `portalapi/Core/v1/sessions/${id}`, { sessionId: id });

export const login = (base: string, guestId: string) =>
  api(base, 'POST', 'portalapi/Core/v1/user/login', {
    sessionId: guestId,
    body: { username: USERNAME, password: PASSWORD },
  });

/** Starts clusters and server processes for a test file and removes them all after it. */
export function useFaultEnvironment() {
  const clusters: Cluster[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    for (const cluster of clusters) await cluster.destroy();
  });
  return {
    async cluster() {
      const cluster = await startCluster();
      clusters.push(cluster);
      return cluster;
    },
    async server(env: Record<string, string>) {
      const server = await startServer(env);
      servers.push(server);
      return server;
    },
  };
}
