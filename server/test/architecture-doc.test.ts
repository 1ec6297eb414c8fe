// docs/architecture.md's module table is written from the code (npm run docs:architecture): it fails
// here when a module, its purpose, its tables or its calls changed and the page was not rewritten.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCalls, integrationCalls, staffCalls } from '@sportello/contract';
import { moduleEntries, modulesTable } from '../build/modules-table.js';

const page = () => readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');

describe("docs/architecture.md's server modules", () => {
  it('lists the modules as they are now (npm run docs:architecture rewrites it)', async () => {
    expect(page()).toContain(await modulesTable());
  });

  it('is a whole map: every folder a listed module, every call served by exactly one', async () => {
    const entries = await moduleEntries();
    const folders = readdirSync(new URL('../src/modules', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(entries.map((e) => e.folder).sort()).toEqual(folders.sort());
    const servedBy = entries.flatMap((e) => e.calls);
    for (const call of [...allCalls, ...integrationCalls, ...staffCalls])
      expect(
        servedBy.filter((name) => name === call.name),
        call.name,
      ).toHaveLength(1);
    expect(entries.find((e) => e.name === 'staff-account')?.calls).toContain('unlockCustomerLogin');
    expect(entries.find((e) => e.name === 'invoices')?.tables).toContain('invoice_sections');
  });
});
