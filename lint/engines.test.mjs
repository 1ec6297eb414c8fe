// The Node.js floor in package.json's `engines` holds for every locked dependency: npm checks each
// one's own `engines` against that version, as it would on a machine that has exactly the floor.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
const floor = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).engines.node;

it(`every locked dependency runs on Node ${floor}`, { timeout: 120_000 }, async () => {
  const version = floor.replace(/^>=\s*/, '').replace(/^(\d+\.\d+)$/, '$1.0');
  expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  const run = promisify(execFile)(
    'npm',
    ['ci', '--dry-run', '--engine-strict', '--ignore-scripts', `--node-version=${version}`],
    { cwd: root },
  );
  await expect(
    run.catch((err) => Promise.reject(new Error(String(err.stderr).match(/Not compatible.*$/m)?.[0] ?? err))),
  ).resolves.toBeDefined();
});
