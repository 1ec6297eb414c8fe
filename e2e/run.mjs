// Browser tests: builds the web app, starts the real server with a fresh database (demo data),
// runs the Playwright specs in Debian's Chromium, and always stops the server.
// Set E2E_BASE_URL to test a server that is already running instead.
import { spawnSync } from 'node:child_process';
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

async function main() {
  const playwright = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)];
  if (process.env.E2E_BASE_URL) return run('npx', playwright, { CHROMIUM_PATH: CHROMIUM });
  if (run('npm', ['run', 'build', '-w', 'web']) !== 0) return 1;
  const server = await startServer();
  try {
    return run('npx', playwright, { E2E_BASE_URL: server.baseUrl, CHROMIUM_PATH: CHROMIUM });
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`e2e: ${error.message}`);
    process.exit(1);
  },
);
