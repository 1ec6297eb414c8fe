// p50/p99 of every customer-facing statement over many random customers of a seeded PostgreSQL
// database (p99 ≤ 10 ms at 1,000,000 customers). For each sampled clienteN: a login
// (timed), then each GET of a customer's usual pages once, timed in-process (the customers, supplies
// and invoices lists were read once before, for the keys the other pages need), the statements it sent
// captured and run again under EXPLAIN (ANALYZE, TIMING OFF) for PostgreSQL's own execution and
// planning times. Also counts sequential scans over tables of more than 10,000 rows in all those plans.
// Usage: DATABASE_URL=postgres://… node --import tsx bench/scale-queries.mjs [customers sampled, default 200]
import { Rng } from '../packages/demo/src/engine/prng.ts';
import { openServer } from './lib/customer-pages.mjs';
import { percentile } from './lib/timing.mjs';

const SAMPLES = Number(process.argv[2] ?? 200);
const GOAL_MS = 10;

const server = await openServer(process.env.DATABASE_URL);
const big = new Set((await server.bigTables()).map((t) => t.name));
const {
  rows: [{ generated }],
} = await server.pool.query(
  `select count(*)::int as generated from users where username ~ '^cliente[0-9]+$'`,
);
if (generated === 0) throw new Error('no generated customers: seed with --customers N');

/** Label → samples in ms. */
const statements = new Map();
const pages = new Map();
const logins = [];
const seqScans = new Set();
/** GETs that failed: their statements are measured all the same, and the failures listed. */
const failures = [];
const record = (map, label, ms) => {
  if (!map.has(label)) map.set(label, []);
  map.get(label).push(ms);
};

/** The sequential scans over big tables anywhere in a JSON plan. */
function bigSeqScans(node, found = []) {
  if (node['Node Type'] === 'Seq Scan' && big.has(node['Relation Name'])) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) bigSeqScans(child, found);
  return found;
}

const rng = Rng.of('scale-queries', generated);
for (let i = 0; i < SAMPLES; i++) {
  const { sid, ms } = await server.login(`cliente${rng.int(1, generated)}`);
  logins.push(ms);
  for (const [label, page] of await server.pagesOf(sid)) {
    const started = performance.now();
    const { statements: captured, failure } = await server.statementsOf(page, sid);
    record(pages, label, performance.now() - started);
    if (failure) failures.push(failure);
    for (const [n, { text, values }] of captured.entries()) {
      const { rows } = await server.pool.query(`explain (analyze, timing off, format json) ${text}`, values);
      const [plan] = rows[0]['QUERY PLAN'];
      const name = `${label} #${n + 1}`;
      record(statements, name, plan['Execution Time']);
      record(statements, `${name} (planning)`, plan['Planning Time']);
      for (const table of bigSeqScans(plan.Plan)) seqScans.add(`${name}: ${table}`);
    }
  }
}
await server.close();

/** `goal`: mark the rows (statement executions) whose p99 is over GOAL_MS. */
function print(title, map, goal = false) {
  console.log(`\n${title}`);
  console.log(`${''.padEnd(40)}     n     p50     p99     max`);
  for (const [label, samples] of map) {
    const sorted = samples.sort((a, b) => a - b);
    const p99 = percentile(sorted, 0.99);
    const marked = goal && !label.endsWith('(planning)');
    const over = marked && p99 > GOAL_MS ? `  over the ${GOAL_MS} ms goal` : '';
    const cells = [percentile(sorted, 0.5), p99, sorted.at(-1)].map((v) => v.toFixed(2).padStart(7));
    console.log(`${label.padEnd(40)} ${String(sorted.length).padStart(5)} ${cells.join(' ')}${over}`);
  }
}
console.log(
  `${SAMPLES} random customers of ${generated} generated; times in ms; goal: execution p99 ≤ ${GOAL_MS} ms`,
);
print('Statements, server-side (EXPLAIN ANALYZE, TIMING OFF), the second run of each:', statements, true);
print('GETs in-process, first visit of each customer (statements, round trips, Node):', pages);
print('Logins (the password hash included):', new Map([['login', logins]]));
console.log(`\nsequential scans over a table of more than 10,000 rows: ${seqScans.size}`);
for (const scan of seqScans) console.log(`  ${scan}`);
console.log(`\nGETs that failed: ${failures.length}`);
for (const failure of new Set(failures)) console.log(`  ${failure.slice(0, 200)}`);
