// The cycle check finds what runs at load time in a loop, and nothing else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles, sourceFiles } from './import-cycles.mjs';

let root;
function workspace(files) {
  root = mkdtempSync(join(tmpdir(), 'cycles-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return findImportCycles(root, sourceFiles(root, ['packages', 'server', 'web/src']));
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

const pkg = (name, exports) => JSON.stringify({ name, exports });

describe('import cycles', () => {
  it('finds a loop through relative paths and a workspace package, however long', () => {
    const cycles = workspace({
      'packages/db/package.json': pkg('@sportello/db', { './*': './src/*.ts' }),
      'packages/db/src/client.ts': "import { a } from '../../../server/src/a.js';\nexport const c = a;",
      'server/src/a.ts': "export { b } from './deep/b.js';\nexport const a = 1;",
      'server/src/deep/b.ts': "import { c } from '@sportello/db/client';\nexport const b = c;",
    });
    expect(cycles).toEqual([
      ['packages/db/src/client.ts', 'server/src/a.ts', 'server/src/deep/b.ts', 'packages/db/src/client.ts'],
    ]);
  });

  it('ignores imports of types only, and a lazy import in the web features', () => {
    const cycles = workspace({
      'packages/none/package.json': pkg('@sportello/none', {}),
      'server/src/a.ts': "import type { B } from './b.js';\nexport type A = B;",
      'server/src/b.ts': "import { type A } from './a.js';\nexport type B = A;",
      'web/src/features/x/routes.ts': "export const page = () => import('./page.js');",
      'web/src/features/x/page.tsx': "import { page } from './routes.js';\nexport default page;",
    });
    expect(cycles).toEqual([]);
  });

  it('counts a lazy import outside the web app, and a file that imports itself', () => {
    const cycles = workspace({
      'packages/none/package.json': pkg('@sportello/none', {}),
      'server/src/a.ts': "export const load = () => import('./b.js');",
      'server/src/b.ts': "import { load } from './a.js';\nexport { load };",
      'server/src/self.ts': "import * as me from './self.js';\nexport const x = me;",
    });
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(['server/src/self.ts', 'server/src/self.ts']);
  });
});
