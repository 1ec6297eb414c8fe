// The server's layers as lint rules (ADR 028), so an arrow that runs up fails `npm run lint`:
// - platform code (platform/, http/, plugins/, jobs/, integrations/, db/ and modules/module.ts)
//   imports no module: what it needs of one, the module hands it;
// - a module imports another module's folder only if that module is among the `needs` of its
//   index.ts (read from the file, so a new need is one line there and nothing here);
// - a module writes (insert, update, delete) only the tables it owns (table-owners.json), others' through
//   the owner's service.
// Tests are left out: a test may build its world through any module. There is no allowlist: an
// arrow that runs the wrong way is fixed, not listed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const modulesDir = path.join(serverSrc, 'modules');
const PLATFORM_DIRS = ['platform', 'http', 'plugins', 'jobs', 'integrations', 'db'].map((dir) =>
  path.join(serverSrc, dir),
);
const MODULE_DEFINITION = path.join(modulesDir, 'module.ts');

/**
 * Which module folder owns each table of @sportello/db/schema ('platform': platform code's own), one
 * line per table in table-owners.json; server/test/layers-lint.test.ts checks that every table has one.
 */
export const TABLE_OWNERS = JSON.parse(readFileSync(new URL('./table-owners.json', import.meta.url), 'utf8'));

const isTest = (file) => /\.test\.tsx?$/.test(file);
const isInside = (file, dir) => file.startsWith(dir + path.sep);

/** The module folder a file of server/src/modules belongs to, or undefined (module.ts, index.ts). */
function moduleOf(file) {
  if (!isInside(file, modulesDir)) return undefined;
  const [folder, ...rest] = path.relative(modulesDir, file).split(path.sep);
  return rest.length ? folder : undefined;
}

/** The module folders listed in `needs` of a module's index.ts. */
const needsCache = new Map();
function needsOf(folder) {
  if (needsCache.has(folder)) return needsCache.get(folder);
  const source = readFileSync(path.join(modulesDir, folder, 'index.ts'), 'utf8');
  const needed = new Set();
  const block = source.match(/\bneeds:\s*\{([^}]*)\}/)?.[1] ?? '';
  for (const [, , identifier] of block.matchAll(/(\w+)\s*:\s*(\w+)/g)) {
    const from = source.match(
      new RegExp(`import\\s*\\{[^}]*\\b${identifier}\\b[^}]*\\}\\s*from\\s*'\\.\\./([\\w-]+)/`),
    );
    if (from) needed.add(from[1]);
  }
  needsCache.set(folder, needed);
  return needed;
}

/** The absolute path (without extension) a relative specifier names, or undefined. */
function target(file, specifier) {
  if (typeof specifier !== 'string' || !specifier.startsWith('.')) return undefined;
  return path.resolve(path.dirname(file), specifier.replace(/\.(js|ts|tsx)$/, ''));
}

function onEverySource(check) {
  const visit = (node) => {
    if (node.source && node.source.type === 'Literal') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const platformImportsNoModule = {
  meta: {
    type: 'problem',
    messages: {
      upward: 'Platform code imports no module ({{module}}): let the module hand it what it needs (ADR 028).',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const isPlatform = file === MODULE_DEFINITION || PLATFORM_DIRS.some((dir) => isInside(file, dir));
    if (!isPlatform || isTest(file)) return {};
    return onEverySource((node, specifier) => {
      const imported = target(file, specifier);
      if (!imported || !isInside(imported, modulesDir)) return;
      const module = moduleOf(`${imported}.ts`);
      if (!module) return; // module.ts itself: the definition platform code wires
      context.report({ node, messageId: 'upward', data: { module } });
    });
  },
};

const moduleUsesItsNeeds = {
  meta: {
    type: 'problem',
    messages: {
      undeclared:
        "Module '{{module}}' imports module '{{other}}', which is not in its needs (modules/{{module}}/index.ts): add it there, or go through a module that is.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const module = moduleOf(file);
    if (!module || isTest(file)) return {};
    return onEverySource((node, specifier) => {
      const imported = target(file, specifier);
      const other = imported && moduleOf(`${imported}.ts`);
      if (!other || other === module || needsOf(module).has(other)) return;
      context.report({ node, messageId: 'undeclared', data: { module, other } });
    });
  },
};

const WRITES = new Set(['insert', 'update', 'delete']);

const moduleWritesOwnTables = {
  meta: {
    type: 'problem',
    messages: {
      foreign:
        "Module '{{module}}' writes table '{{table}}' of '{{owner}}': call the owner's service instead (ADR 028).",
      unowned: "Table '{{table}}' has no owner: name its module in server/lint/table-owners.json.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const module = moduleOf(file);
    if (!module || isTest(file)) return {};
    const tables = new Map(); // local name → schema export, for `import { x as y }`
    const namespaces = new Set(); // `import * as schema`
    const tableOf = (node) => {
      if (node.type === 'Identifier') return tables.get(node.name);
      const member = node.type === 'MemberExpression' && !node.computed;
      if (member && node.object.type === 'Identifier' && namespaces.has(node.object.name))
        return node.property.name;
      return undefined;
    };
    return {
      ImportDeclaration(node) {
        if (node.source.value !== '@sportello/db/schema') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
          else if (specifier.type === 'ImportSpecifier')
            tables.set(specifier.local.name, specifier.imported.name);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name) || node.arguments.length !== 1) return;
        const table = tableOf(node.arguments[0]);
        if (!table) return;
        const owner = TABLE_OWNERS[table];
        if (owner === module) return;
        if (!owner) context.report({ node, messageId: 'unowned', data: { table } });
        else context.report({ node, messageId: 'foreign', data: { module, table, owner } });
      },
    };
  },
};

export default {
  meta: { name: 'sportello-layers' },
  rules: {
    'platform-imports-no-module': platformImportsNoModule,
    'module-uses-its-needs': moduleUsesItsNeeds,
    'module-writes-own-tables': moduleWritesOwnTables,
  },
};
