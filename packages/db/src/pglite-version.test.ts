// pglite-prepared.ts calls PGlite's private _runExclusiveQuery/_runExclusiveTransaction and its
// wire protocol (ADR 027): PGlite's public API has no named prepared statements. The version is pinned
// exactly; this test fails on any other installed version, so an upgrade is a decision, not an accident.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PINNED = '0.5.16';

/** The package exports no package.json: it is read from the folder its entry point resolves into. */
function installedVersion(): string {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!folder.endsWith(join('@electric-sql', 'pglite'))) folder = dirname(folder);
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

const pinnedIn = (manifest: string) =>
  (
    JSON.parse(readFileSync(new URL(manifest, import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies['@electric-sql/pglite'];

describe('the PGlite version pglite-prepared.ts was written against', () => {
  it('is the one installed and the one the database package and the demo pin', () => {
    const installed = installedVersion();
    const message =
      `@electric-sql/pglite ${installed} is installed; pglite-prepared.ts uses private internals checked ` +
      `against ${PINNED} only. Read ADR 027 (docs/decisions/027-one-reach-check.md), check those internals, ` +
      'then update PINNED here and the exact pins in packages/db/ and packages/demo/package.json.';
    expect(installed, message).toBe(PINNED);
    expect(pinnedIn('../package.json'), message).toBe(PINNED);
    expect(pinnedIn('../../demo/package.json'), message).toBe(PINNED);
  });
});
