// The layers of ADR 028 hold because `npm run lint` refuses an arrow that runs up: each case feeds
// the repository's own ESLint configuration one import (or write) at a real place and reads its verdict.
import { isTable } from 'drizzle-orm';
import { ESLint } from 'eslint';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as schema from '@sportello/db/schema';
import tableOwners from '../lint/table-owners.json';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** The rules that refuse `code` written at `file` (a path from the repository root). */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint refuses an import that runs up', () => {
  it('packages/db imports neither the server nor the demo', async () => {
    expect(
      await refusals(
        'packages/db/src/new.ts',
        "export { loadConfig } from '../../../server/src/config.js';\n",
      ),
    ).toContain('import/no-restricted-paths');
    expect(
      await refusals('packages/db/src/new.ts', "export { seedDemoData } from '../../demo/src/seed.js';\n"),
    ).toContain('import/no-restricted-paths');
  });

  it('the demo imports packages/db, never the server', async () => {
    expect(
      await refusals(
        'packages/demo/src/new.ts',
        "export { loadConfig } from '../../../server/src/config.js';\n",
      ),
    ).toContain('import/no-restricted-paths');
    expect(
      await refusals(
        'packages/demo/src/new.ts',
        "export { hashPassword } from '@sportello/server/password';\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await refusals('packages/demo/src/new.ts', "export { users } from '@sportello/db/schema';\n"),
    ).toEqual([]);
  });

  it('production code never imports the demo; the seed commands load it, tests may build with it', async () => {
    const row = "export { customerRow } from '@sportello/demo/world';\n";
    expect(await refusals('server/src/modules/customers/new.ts', row)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    const onDemand = "export const seed = () => import('@sportello/demo');\n";
    expect(await refusals('server/src/platform/new.ts', onDemand)).toContain('no-restricted-syntax');
    expect(await refusals('server/src/db/seed-new.ts', onDemand)).toEqual([]);
    expect(await refusals('server/src/modules/customers/new.test.ts', row)).toEqual([]);
    expect(
      await refusals(
        'server/src/modules/customers/new.ts',
        "export { customerRow } from '@sportello/db/rows';\n",
      ),
    ).toEqual([]);
  });

  it('platform code imports no module', async () => {
    const fromJobs = "export { createDevicesRepository } from '../modules/devices/repository.js';\n";
    expect(await refusals('server/src/jobs/new.ts', fromJobs)).toContain('layers/platform-imports-no-module');
    const fromPlatform = "export { createDevicesRepository } from '../../modules/devices/repository.js';\n";
    expect(await refusals('server/src/platform/auth/new.ts', fromPlatform)).toContain(
      'layers/platform-imports-no-module',
    );
    const fromModuleDefinition = "export { createDevicesRepository } from './devices/repository.js';\n";
    expect(await refusals('server/src/modules/module.ts', fromModuleDefinition)).toContain(
      'layers/platform-imports-no-module',
    );
    const platformFromPlatform = "export { createThrottle } from '../platform/auth/throttle.js';\n";
    expect(await refusals('server/src/jobs/new.ts', platformFromPlatform)).toEqual([]);
  });

  it("a module imports another module only if it is in the module's needs", async () => {
    // devices needs nothing; contracts needs customers (their index.ts say so).
    const customersService = "export { createCustomersService } from '../customers/service.js';\n";
    expect(await refusals('server/src/modules/devices/new.ts', customersService)).toContain(
      'layers/module-uses-its-needs',
    );
    expect(await refusals('server/src/modules/contracts/new.ts', customersService)).toEqual([]);
  });

  it('a module writes only its own tables', async () => {
    const write = (table: string) =>
      `import type { Db } from '@sportello/db/client';\nimport { ${table} } from '@sportello/db/schema';\n` +
      `export const forget = (db: Db, id: number) => db.delete(${table}).where(undefined).then(() => id);\n`;
    expect(await refusals('server/src/modules/devices/new.ts', write('users'))).toContain(
      'layers/module-writes-own-tables',
    );
    expect(await refusals('server/src/modules/devices/new.ts', write('devices'))).toEqual([]);
  });

  it('with no file let off: the places that once wrote others’ tables are refused too', async () => {
    const write = (table: string) =>
      `import type { Db } from '@sportello/db/client';\nimport * as schema from '@sportello/db/schema';\n` +
      `export const change = (tx: Db) => tx.update(schema.${table}).set({}).where(undefined);\n`;
    const places = [
      ['registration/repository.ts', 'users'],
      ['registration/repository.ts', 'customers'],
      ['profile/repository.ts', 'users'],
      ['profile/repository.ts', 'customers'],
      ['profile/repository.ts', 'requests'],
      ['invoices/repository.ts', 'documents'],
    ];
    for (const [file, table] of places) {
      expect(await refusals(`server/src/modules/${file}`, write(table!)), `${file} ${table}`).toContain(
        'layers/module-writes-own-tables',
      );
    }
  });
});

describe('every table has one owner', () => {
  const tables = Object.entries(schema).filter(([, value]) => isTable(value));

  it('names each table of the schema, and only those', () => {
    expect(tables.length).toBeGreaterThan(40);
    expect(Object.keys(tableOwners).sort()).toEqual(tables.map(([name]) => name).sort());
  });

  it('names the platform or a module folder that exists', () => {
    const modules = path.join(root, 'server/src/modules');
    const missing = Object.entries(tableOwners).filter(
      ([, owner]) => owner !== 'platform' && !existsSync(path.join(modules, owner, 'index.ts')),
    );
    expect(missing.map(([name, owner]) => `${name}: ${owner}`)).toEqual([]);
  });
});
