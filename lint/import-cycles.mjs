// Import cycles across the whole workspace, found in one pass over the module graph. ESLint's
// import/no-cycle walked the graph again from every file and took most of the lint's time; this reads
// each file once, resolves its imports the way the workspace does (relative paths and the @sportello
// packages' exports), and reports each strongly connected group of files as one cycle.
//
// What counts as an edge is what runs at load time: `import type` and `export type` do not, and an
// `import { type A }` that names types only does not. A dynamic import() counts too, except in the web
// app's features and app folders, where a routes.ts loads its pages lazily and pages link back through
// it (ADR 011).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Folders never read: dependencies, builds, data, generated migrations and native projects. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  '.data',
  'migrations',
  'screenshots',
  'android',
  'ios',
  '.git',
]);
const SOURCE = /\.(ts|tsx|mjs|js)$/;
/** Where a dynamic import may close a loop (ADR 011). */
const LAZY_AREAS = ['web/src/features/', 'web/src/app/'];

/** Every source file under `folders` of `root`, as paths relative to root with forward slashes. */
export function sourceFiles(root, folders) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(folder);
  return files;
}

/** The specifiers a file imports at load time (see the header for what counts). */
export function runtimeImports(path, source) {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const lazyAllowed = LAZY_AREAS.some((area) => path.startsWith(area));
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typesOnly =
        node.isTypeOnly ||
        (clause &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (
      !lazyAllowed &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The workspace packages' export maps: '@sportello/db/client' → 'packages/db/src/client.ts'. */
function packageExports(root) {
  const packages = new Map();
  for (const name of readdirSync(join(root, 'packages'))) {
    const manifest = join(root, 'packages', name, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name: id, exports } = JSON.parse(readFileSync(manifest, 'utf8'));
    packages.set(id, { dir: `packages/${name}`, exports: exports ?? {} });
  }
  return packages;
}

function resolver(root, files) {
  const known = new Set(files);
  const packages = packageExports(root);
  const candidates = (base) => [
    base,
    base.replace(/\.(m?js)$/, '.ts'),
    base.replace(/\.(m?js)$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  const first = (base) => candidates(base).find((candidate) => known.has(candidate));
  return (from, specifier) => {
    if (specifier.startsWith('.')) {
      const base = relative(root, resolve(root, dirname(from), specifier))
        .split(sep)
        .join('/');
      return first(base);
    }
    const match = /^(@sportello\/[^/]+)(\/.*)?$/.exec(specifier);
    const target = match && packages.get(match[1]);
    if (!target) return undefined;
    const subpath = `.${match[2] ?? ''}`;
    const exact = target.exports[subpath];
    if (typeof exact === 'string') return first(`${target.dir}/${exact.slice(2)}`);
    const wildcard = target.exports['./*'];
    if (typeof wildcard === 'string' && subpath !== '.') {
      return first(`${target.dir}/${wildcard.slice(2).replace('*', subpath.slice(2))}`);
    }
    return undefined;
  };
}

/** Each import cycle among `files`, as the list of files around it (the first repeated at the end). */
export function findImportCycles(root, files) {
  const resolve = resolver(root, files);
  const edges = new Map();
  for (const file of files) {
    const targets = runtimeImports(file, readFileSync(join(root, file), 'utf8'))
      .map((specifier) => resolve(file, specifier))
      .filter((target) => target !== undefined);
    edges.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components, iteratively so a deep graph cannot overflow the stack.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  for (const start of files) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = edges.get(node);
      if (next < targets.length) {
        frame[1]++;
        const target = targets[next];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || edges.get(node).includes(node)) groups.push(group);
      }
    }
  }
  return groups.map((group) => cycleThrough(group, edges));
}

/** One loop through the group's first file, found by a breadth-first walk inside the group. */
function cycleThrough(group, edges) {
  const members = new Set(group);
  const [start] = [...group].sort();
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of edges.get(node)) {
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (members.has(target) && !previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** The workspace's folders that hold code. */
export const WORKSPACE_FOLDERS = ['packages', 'server', 'web/src', 'web/build', 'e2e', 'bench', 'lint'];

if (
  process.argv[1] &&
  statSync(process.argv[1]).isFile() &&
  fileURLToPath(import.meta.url) === resolve(process.argv[1])
) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const started = performance.now();
  const files = sourceFiles(root, WORKSPACE_FOLDERS);
  const cycles = findImportCycles(root, files);
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.join(' → ')}`);
  const took = Math.round(performance.now() - started);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s) among ${files.length} files (${took} ms).`);
    process.exit(1);
  }
  console.log(`No import cycle among ${files.length} files (${took} ms).`);
}
