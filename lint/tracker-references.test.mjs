// Code says what it does and why, not which ticket asked for it: an "issue N" in a comment or a test's
// name points at a tracker outside the repository that a newcomer cannot open. The decisions live in
// docs/decisions (ADR NNN), which the code may name.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
const TRACKED = ['server', 'web/src', 'web/build', 'packages', 'e2e', 'bench', 'lint', 'scripts'];

it('no source file names an issue of the tracker', () => {
  const files = execFileSync('git', ['ls-files', '--', ...TRACKED], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && file !== 'lint/tracker-references.test.mjs');
  const found = files.flatMap((file) =>
    readFileSync(new URL(file, root), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        /\bissues? \d+/i.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(found, 'say what the code does and why, or name the ADR').toEqual([]);
});
