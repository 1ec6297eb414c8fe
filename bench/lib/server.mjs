// Starts the real server (server/src/main.ts) on a free port with its own DATA_DIR, for benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server and resolves once /readyz answers; `stop()` ends it and removes its data. On the
 * port `env.PORT` says (a machine shared by several runs hands each its ports), else on a free one.
 * `nodeArgs` go to node before the entry (`--cpu-prof` for bench/profile.mjs).
 */
export async function startServer(env = {}, { nodeArgs = [] } = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sportello-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const readyMs = performance.now() - started;
  return {
    base,
    readyMs,
    pid: child.pid,
    dataDir,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepData && !env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function api(base, method, pathName, { sessionId, body } = {}) {
  const res = await fetch(`${base}/services/rest/${pathName}`, {
    method,
    headers: { 'content-type': 'application/json', ...(sessionId ? { sessionid: sessionId } : {}) },
    ...(body ? { body: JSON.stringify({ request: body }) } : {}),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${pathName} → ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
