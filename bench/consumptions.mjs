// Consumption budgets: one supply with 2 years of hourly data (mariorossi's hourly
// electricity supply), by month over the 2 years and by hour over one month, p95 ≤ 20 ms each.
// Usage: node bench/consumptions.mjs [postgres://admin-url] [--customers N]
//   (default PGlite with the demo data; PostgreSQL gets a fresh database; --customers seeds N
//   benchmark customers besides the demo before the server starts)
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { api, startServer } from './lib/server.mjs';
import { freshDatabase, summary, timed } from './lib/timing.mjs';

const args = process.argv.slice(2);
const customersAt = args.indexOf('--customers');
const customers = customersAt >= 0 ? Number(args[customersAt + 1]) : 0;
const adminUrl = args.find((a) => a.startsWith('postgres')) ?? process.env.BENCH_DATABASE_URL;
const ERP = 'portalapi/Erp/v1';
const ROUNDS = 300;

const { databaseUrl, drop } = await freshDatabase(adminUrl);
const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'sportello-bench-'));
const target = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
if (customers > 0) {
  const started = performance.now();
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/db/seed-cli.ts', '--customers', String(customers)],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, ...target },
      stdio: 'inherit',
    },
  );
  console.log(
    `seeded ${customers} extra customers in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

const server = await startServer({ ...target, LOGIN_MAX_ATTEMPTS_PER_USERNAME: '1000' });
console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ready in ${server.readyMs.toFixed(0)} ms`);
// Figures from a busy machine are not comparable with a quiet one's: say how busy it was.
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`;
console.log(load());
try {
  const guest = await api(server.base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });
  const { id: sid } = await api(server.base, 'POST', 'portalapi/Core/v1/user/login', {
    sessionId: guest.id,
    body: { username: 'mariorossi', password: 'Sportello2026!' },
  });
  const { customers: reached } = await api(server.base, 'GET', `${ERP}/customers`, { sessionId: sid });
  const { supplies } = await api(server.base, 'GET', `${ERP}/supplies?customerKey=${reached[0].key}`, {
    sessionId: sid,
  });
  const supply = supplies.find((s) => s.commodity === 'electricity');
  const base = `${server.base}/services/rest/${ERP}/consumptions?supplyKey=${supply.id}`;
  const today = new Date().toISOString().slice(0, 10);
  const twoYearsBack = `${Number(today.slice(0, 4)) - 2}${today.slice(4, 7)}-01`;
  const lastMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1))
    .toISOString()
    .slice(0, 10);

  for (const [label, query, check] of [
    [
      'by month over 2 years',
      `from=${twoYearsBack}&to=${today}&granularity=month`,
      (d) => d.points.length >= 24,
    ],
    [
      'by hour over one month',
      `from=${lastMonth}&to=${today.slice(0, 8)}01&granularity=hour`,
      (d) => d.points.length >= 672,
    ],
  ]) {
    const first = await timed(`${base}&${query}`, sid);
    if (!check(first.data)) throw new Error(`${label}: only ${first.data.points.length} points`);
    for (let i = 0; i < 20; i++) await timed(`${base}&${query}`, sid); // warm-up
    const samples = [];
    for (let i = 0; i < ROUNDS; i++) samples.push((await timed(`${base}&${query}`, sid)).ms);
    summary(`consumptions ${label} (${first.data.points.length} points)`, samples, 20);
    console.log(load());
  }
} finally {
  await server.stop();
  await drop();
}
