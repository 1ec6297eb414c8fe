// EXPLAIN ANALYZE of the heaviest customer-facing queries on a seeded PostgreSQL database.
// Opens the server in-process on DATABASE_URL, logs in as a generated customer (clienteN of
// `npm run seed -- --customers N`), sends the GETs of a customer's usual pages while capturing every SQL
// statement with its parameters, runs each once more under EXPLAIN (ANALYZE, BUFFERS), and writes the
// five slowest, with the page's URL and the table sizes, to docs/perf/explain/*.txt.
// Usage: DATABASE_URL=postgres://… node --import tsx bench/explain.mjs [customer number, default 4242]
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openServer } from './lib/customer-pages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs/perf/explain');
const username = `cliente${process.argv[2] ?? 4242}`;
const HEAVIEST = 5;

const server = await openServer(process.env.DATABASE_URL);
const { pool } = server;
const { sid, ms: loginMs } = await server.login(username);
const pages = await server.pagesOf(sid);

const captured = [];
for (const [label, page] of pages) {
  await server.get(page, sid); // warm: prepared statements planned, caches filled
  const { statements, failure } = await server.statementsOf(page, sid);
  if (failure) throw new Error(failure);
  for (const statement of statements) captured.push({ label, page, ...statement });
}

const analyzed = [];
for (const statement of captured) {
  const { rows } = await pool.query(
    `explain (analyze, buffers, format text) ${statement.text}`,
    statement.values,
  );
  const lines = rows.map((r) => r['QUERY PLAN']);
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1))?.[1] ?? 0);
  analyzed.push({ ...statement, lines, ms });
}
analyzed.sort((a, b) => b.ms - a.ms);

const sizes = await server.bigTables();
const sizeLines = sizes.map((s) => `  ${s.name.padEnd(22)} ${String(s.rows).padStart(11)} rows  ${s.size}`);

mkdirSync(outDir, { recursive: true });
for (const file of readdirSync(outDir).filter((f) => f.endsWith('.txt'))) rmSync(path.join(outDir, file));
analyzed.slice(0, HEAVIEST).forEach((a, i) => {
  const file = `${String(i + 1).padStart(2, '0')}-${a.label}.txt`;
  writeFileSync(
    path.join(outDir, file),
    [
      `GET ${a.page.replace(sid, '{session}')}   (user ${username}, bench/explain.mjs)`,
      '',
      a.text,
      `parameters: ${JSON.stringify(a.values.map((v) => (v === sid ? '{session}' : v)))}`,
      '',
      ...a.lines,
      '',
      'Tables over 10,000 rows:',
      ...sizeLines,
      '',
    ].join('\n'),
  );
  console.log(`${a.ms.toFixed(3).padStart(9)} ms  ${file}`);
});
// A Seq Scan over a small table (sessions, companies…) is the planner's right choice; over a big one, a fault.
const big = new Set(sizes.map((s) => s.name));
const bigScans = analyzed.flatMap((a) =>
  a.lines
    .filter((l) => [...l.matchAll(/Seq Scan on (\w+)/g)].some(([, table]) => big.has(table)))
    .map((l) => `  ${a.page.replace(sid, '{session}')}: ${l.trim()}`),
);
console.log(`${analyzed.length} statements from ${pages.length} pages; login ${loginMs.toFixed(0)} ms`);
console.log(`sequential scans over a table of more than 10,000 rows: ${bigScans.length}`);
for (const line of bigScans) console.log(line);
await server.close();
