// The server modules' table of docs/architecture.md, written from the code so it cannot drift: the
// modules as modules/index.ts lists them, each with its folder, its purpose (the module's `purpose`),
// the tables it owns (lint/table-owners.json) and the contract calls its routes register.
// write-modules-table.ts writes it between the page's markers; server/test/architecture-doc.test.ts
// fails when the page is out of date.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getTableName, isTable } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as schema from '@sportello/db/schema';
import tableOwners from '../lint/table-owners.json';
import { modules } from '../src/modules/index.js';
import { registerModule, type AnyModule } from '../src/modules/module.js';

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');
export const MODULES_START = '<!-- modules table: npm run docs:architecture -->';
export const MODULES_END = '<!-- end of modules table -->';

/**
 * The operationIds of the calls a module's routes register: its `routes` run against a stand-in app
 * and service that accept anything and record what `route()` hands to Fastify. No handler runs.
 */
async function callsRegisteredBy(module: AnyModule): Promise<string[]> {
  const names: string[] = [];
  const record = (options: { schema?: { operationId?: string } }) => {
    if (options.schema?.operationId) names.push(options.schema.operationId);
  };
  // Any property is the stand-in again, and calling it answers it; never a promise (`then`), and 0
  // as a number (a module's timer off).
  const standIn: unknown = new Proxy(() => undefined, {
    get: (_target, property) => {
      if (property === Symbol.toPrimitive) return () => 0;
      if (property === 'then' || typeof property === 'symbol') return undefined;
      if (property === 'route') return record;
      if (property === 'register') return async (plugin: (app: unknown) => unknown) => plugin(standIn);
      return standIn;
    },
    apply: () => standIn,
  });
  await registerModule(standIn as FastifyInstance, module, standIn);
  return [...new Set(names)].sort();
}

/** The folder under modules/ whose index.ts exports the module. */
async function folderOf(module: AnyModule, folders: readonly string[]) {
  for (const folder of folders) {
    const index = pathToFileURL(path.join(MODULES_DIR, folder, 'index.ts')).href;
    const exported: Record<string, unknown> = await import(/* @vite-ignore */ index);
    if (Object.values(exported).includes(module)) return folder;
  }
  throw new Error(`no folder under server/src/modules exports the module ${module.name}`);
}

/** The SQL names of the tables an owner (a module's folder, or `platform`) writes. */
function tablesOf(owner: string) {
  const tables = schema as Record<string, unknown>;
  return Object.entries(tableOwners as Record<string, string>)
    .filter(([, of]) => of === owner)
    .map(([table]) => tables[table])
    .filter(isTable)
    .map((table) => getTableName(table))
    .sort();
}

export interface ModuleEntry {
  name: string;
  folder: string;
  purpose: string;
  tables: string[];
  /** The names (operationIds) of the contract calls its route files register. */
  calls: string[];
}

export async function moduleEntries(): Promise<ModuleEntry[]> {
  const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const entries: ModuleEntry[] = [];
  for (const module of modules) {
    const folder = await folderOf(module, folders);
    entries.push({
      name: module.name,
      folder,
      purpose: module.purpose,
      tables: tablesOf(folder),
      calls: await callsRegisteredBy(module),
    });
  }
  return entries;
}

const code = (names: readonly string[]) => (names.length ? names.map((n) => `\`${n}\``).join(', ') : '—');

/** The markers and, between them, the table (in the list's order) and the platform's own tables. */
export async function modulesTable(): Promise<string> {
  const rows = (await moduleEntries()).map(({ name, folder, purpose, tables, calls }) =>
    [
      `\`${name}\``,
      `\`modules/${folder}/\``,
      purpose.replace(/\|/g, '\\|'),
      code(tables),
      calls.length ? `${calls.length}: ${code(calls)}` : '—',
    ].join(' | '),
  );
  return [
    MODULES_START,
    '| module | folder | what it is for | tables it writes | calls it serves |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
    `Tables the platform writes (\`server/src/platform\`, \`jobs\`, \`plugins\`): ${code(tablesOf('platform'))}.`,
    MODULES_END,
  ].join('\n');
}
