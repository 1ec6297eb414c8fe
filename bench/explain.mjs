// EXPLAIN ANALYZE of the heaviest customer-facing queries on a seeded PostgreSQL database (issue 12,
// item 3). Opens the server in-process on DATABASE_URL, logs in as a generated customer (clienteN of
// `npm run seed -- --customers N`), sends the GETs of a customer's usual pages while capturing every SQL
// statement with its parameters, runs each once more under EXPLAIN (ANALYZE, BUFFERS), and writes the
// five slowest, with the page's URL and the table sizes, to docs/perf/explain/*.txt.
// Usage: DATABASE_URL=postgres://… node --import tsx bench/explain.mjs [customer number, default 4242]
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openPostgres } from '../server/src/db/client.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs/perf/explain');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set: point it at a database seeded with --customers N');
const username = `cliente${process.argv[2] ?? 4242}`;
const CORE = 'portalapi/Core/v1';
const ERP = 'portalapi/Erp/v1';
const HEAVIEST = 5;

const database = await openPostgres(url, 2, () => undefined);
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '',
    LOG_LEVEL: 'silent',
    JOBS_POLL_MS: '0',
    DATABASE_URL: url,
  }),
  database,
);
const pool = database.db.$client;

async function get(pathAndQuery, sessionId) {
  const res = await app.inject({
    method: 'GET',
    url: `/services/rest/${pathAndQuery}`,
    headers: { sessionid: sessionId },
  });
  if (res.statusCode !== 200) throw new Error(`${pathAndQuery}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

async function post(pathAndQuery, body, sessionId) {
  const res = await app.inject({
    method: 'POST',
    url: `/services/rest/${pathAndQuery}`,
    headers: sessionId ? { sessionid: sessionId } : {},
    payload: { request: body },
  });
  if (res.statusCode !== 200) throw new Error(`${pathAndQuery}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

const started = performance.now();
const guest = await post(`${CORE}/sessions`, { company: 'sga' });
const sid = (await post(`${CORE}/user/login`, { username, password: 'Sportello2026!' }, guest.id)).id;
const loginMs = performance.now() - started;
const { customers } = await get(`${ERP}/customers`, sid);
const customer = customers[0].key;
const supplies = (await get(`${ERP}/supplies?customerKey=${customer}`, sid)).supplies;
const invoices = (await get(`${ERP}/invoices?customerId=${customer}`, sid)).invoices;
const supply = supplies[0].key;
const invoice = invoices[0].key;

// A customer's usual pages: dashboard, supplies, bills, readings, documents, payments, messages.
const pages = Object.entries({
  session: `${CORE}/sessions/${sid}`,
  'customers-list': `${ERP}/customers`,
  customer: `${ERP}/customers/${customer}`,
  'contracts-list': `${ERP}/contracts?customerKey=${customer}`,
  'supplies-list': `${ERP}/supplies?customerKey=${customer}`,
  supply: `${ERP}/supplies/${supply}`,
  'invoices-list': `${ERP}/invoices?customerId=${customer}`,
  'invoices-list-overdue-first': `${ERP}/invoices?customerId=${customer}&orderBy=overdueFirst`,
  invoice: `${ERP}/invoices/${invoice}`,
  'invoice-detail': `${ERP}/invoices/${invoice}/detail`,
  'readings-list': `${ERP}/readings?supplyKey=${supply}`,
  'documents-list': `${ERP}/documents?customerId=${customer}`,
  'payments-list': `${ERP}/payments?customerId=${customer}`,
  'messages-list': `${ERP}/messages?customerKey=${customer}`,
  'notifications-list': `${CORE}/notifications`,
});

const captured = [];
const original = pool.query;
for (const [label, page] of pages) {
  await get(page, sid); // warm: prepared statements planned, caches filled
  pool.query = function (query, values) {
    const text = typeof query === 'string' ? query : query.text;
    if (/^\s*(select|with)\b/i.test(text))
      captured.push({ label, page, text, values: values ?? query.values ?? [] });
    return original.apply(this, arguments);
  };
  try {
    await get(page, sid);
  } finally {
    pool.query = original;
  }
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

const { rows: sizes } = await pool.query(`
  select relname as name, reltuples::bigint as rows, pg_size_pretty(pg_total_relation_size(oid)) as size
  from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and reltuples > 10000
  order by reltuples desc`);
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
await app.close();
await database.close();
