// The seed command's own answers to --help and to options it cannot use: the usage, never a stack trace.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('./seed-cli.ts', import.meta.url));
const seed = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8' });

describe('npm run seed', () => {
  it('prints its usage for --help and stops there', () => {
    const run = seed('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('usage: npm run seed');
    expect(run.stderr).toBe('');
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--customers', 'many'], '--customers takes a whole number'],
    [['--today', '2026-02-30'], '--today takes a date as YYYY-MM-DD'],
  ])('refuses %j with a sentence and the usage, exit code 2', (args, sentence) => {
    const run = seed(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(sentence);
    expect(run.stderr).toContain('usage: npm run seed');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
