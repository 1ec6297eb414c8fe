// Browser tests: builds the web app, starts the real server on a free port with a fresh
// database (demo data), waits until it is ready, runs the Playwright specs in Debian's Chromium,
// and always stops the server. Set E2E_BASE_URL to test a server that is already running.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 180_000;

if (!existsSync(CHROMIUM)) {
  console.error(
    `Chromium not found at ${CHROMIUM}. Install Debian's package (apt-get install chromium); browsers are never downloaded.`,
  );
  process.exit(1);
}

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

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

function stop(server) {
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

async function main() {
  const playwrightArgs = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)];
  if (process.env.E2E_BASE_URL) return run('npx', playwrightArgs, { CHROMIUM_PATH: CHROMIUM });

  if (run('npm', ['run', 'build', '-w', 'web']) !== 0) return 1;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sportello-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'server'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  try {
    await waitUntilReady(baseUrl, server);
    return run('npx', playwrightArgs, { E2E_BASE_URL: baseUrl, CHROMIUM_PATH: CHROMIUM });
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`e2e: ${error.message}`);
    process.exit(1);
  },
);
