// The demo package is optional (server/package.json): an install without it starts, migrates an empty
// database and answers. The real entry (src/main.ts) runs with `@sportello/demo` made unresolvable
// (without-demo-package.mjs), so any import of it on the start path, static or on demand, fails here.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './faults/support.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WITHOUT_DEMO = ['--import', 'tsx', '--import', './test/without-demo-package.mjs'];
const dataDir = mkdtempSync(path.join(tmpdir(), 'sportello-without-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a server installed without the demo package', () => {
  it('cannot load the demo (the stand-in for an install without it holds)', () => {
    const run = spawnSync(
      process.execPath,
      [...WITHOUT_DEMO, '--input-type=module', '-e', "await import('@sportello/demo/world')"],
      { cwd: SERVER_DIR, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('the demo package is not installed');
  });

  it('starts on an empty database with the demo data off, answers, and stops cleanly', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [...WITHOUT_DEMO, 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        SEED_DEMO_DATA: 'false',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_DIST_DIR: '',
        METRICS_PORT: '0',
        WORKERS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      let ready = false;
      // A start on a busy machine (tsx compiles, PGlite migrates) is slow, not wrong: no tight limit.
      const deadline = Date.now() + 150_000;
      while (!ready && child.exitCode === null && Date.now() < deadline) {
        ready = await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(output).not.toContain('ERR_MODULE_NOT_FOUND');
      expect(ready, output).toBe(true);
      const guest = await fetch(`${base}/services/rest/portalapi/Core/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ request: { company: 'sga' } }),
      });
      // No brand in an empty database: refused with a message, not a crash.
      expect(guest.status).toBeLessThan(500);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 180_000);
});
