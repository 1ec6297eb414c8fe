// The read path's ratio: how close the authenticated read path comes to the framework's own ceiling.
// Starts bare Fastify (one /healthz route), the server on PostgreSQL and the server on PGlite, and
// alternates the loads in one run (autocannon, 10 connections, LOG_LEVEL=warn): every endpoint on each
// server in turn, so a machine that gets busier mid-run weighs on all three alike. Prints req/s, p50,
// p99 and the shares of bare Fastify's /healthz and of the same server's /healthz, then p99 at a fixed
// 1,000 req/s on PostgreSQL. Figures go to stdout and bench/results/ratio.json.
// Usage: node bench/ratio.mjs [seconds per load, default 5] [postgres admin url]
//   (default BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh database is made)
// Goals: every authenticated GET ≥ 40 % of the same run's /healthz on PostgreSQL, ≥ 10 % on
// PGlite; p99 ≤ 25 ms at 1,000 req/s on PostgreSQL. On a shared machine every figure is an upper bound
// of the cost, i.e. a lower bound of the rate.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, freePort, startServer } from './lib/server.mjs';
import { freshDatabase } from './lib/timing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 5);
const adminUrl =
  process.argv[3] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERNAME = 'bianchisrl'; // 3 supplies and 2 years of bills (packages/demo)
const PASSWORD = 'Sportello2026!';
const ERP = 'portalapi/Erp/v1';

function load(url, headers, extra = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, duration: seconds, ...extra }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** Bare Fastify in a process of its own, like the servers, so it does not share the load generator's CPU. */
async function startBareFastify() {
  const port = await freePort();
  const source = `
    const app = (await import('fastify')).default({ logger: false });
    app.get('/healthz', async () => ({ status: 'ok' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The authenticated GETs, as [name, path] for the demo customer, from a logged-in session. */
async function endpointsOf(server) {
  const guest = await api(server.base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });
  const session = await api(server.base, 'POST', 'portalapi/Core/v1/user/login', {
    sessionId: guest.id,
    body: { username: USERNAME, password: PASSWORD },
  });
  const sessionId = session.id;
  const get = (pathName) => api(server.base, 'GET', pathName, { sessionId });
  const { customers } = await get(`${ERP}/customers`);
  const customer = customers[0].key;
  const { invoices } = await get(`${ERP}/invoices?customerId=${customer}`);
  const { supplies } = await get(`${ERP}/supplies?customerKey=${customer}`);
  const hourly = supplies.find((s) => s.commodity === 'electricity');
  const today = new Date().toISOString().slice(0, 10);
  const twoYearsBack = `${Number(today.slice(0, 4)) - 2}${today.slice(4, 7)}-01`;
  const endpoints = [
    ['get session', `portalapi/Core/v1/sessions/${sessionId}`],
    ['customers', `${ERP}/customers`],
    ['supplies', `${ERP}/supplies?customerKey=${customer}`],
    ['invoices list', `${ERP}/invoices?customerId=${customer}`],
    ['one invoice', `${ERP}/invoices/${invoices[0].id}`],
    [
      'consumption by month',
      `${ERP}/consumptions?supplyKey=${hourly.id}&from=${twoYearsBack}&to=${today}&granularity=month`,
    ],
  ];
  return { sessionId, endpoints };
}

const bare = await startBareFastify();
const database = await freshDatabase(adminUrl);
const servers = {};
const stops = [bare.stop];
try {
  servers.postgres = await startServer({ DATABASE_URL: database.databaseUrl });
  stops.push(servers.postgres.stop);
  servers.pglite = await startServer();
  stops.push(servers.pglite.stop);
  const targets = {};
  for (const kind of ['postgres', 'pglite']) targets[kind] = await endpointsOf(servers[kind]);
  // Warm-up: JIT, prepared statements, connection pools.
  for (const kind of ['postgres', 'pglite'])
    for (const [, p] of targets[kind].endpoints)
      await load(
        `${servers[kind].base}/services/rest/${p}`,
        { sessionid: targets[kind].sessionId },
        {
          duration: 1,
        },
      );

  const rows = [];
  const measure = async (server, kind, name, url, headers = {}) => {
    const r = await load(url, headers);
    const row = {
      server,
      database: kind,
      endpoint: name,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    };
    rows.push(row);
    console.log(
      `  ${`${server}${kind ? ` (${kind})` : ''}`.padEnd(20)} ${name.padEnd(22)} ${String(row.reqPerSec).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms` +
        (row.non2xx || row.errors ? `  ${row.non2xx} non-2xx, ${row.errors} errors` : ''),
    );
    return row;
  };

  console.log(`\nalternating loads, ${seconds} s each, 10 connections:`);
  const names = ['healthz', ...targets.postgres.endpoints.map(([n]) => n)];
  for (const name of names) {
    if (name === 'healthz') await measure('bare Fastify', '', 'healthz', `${bare.base}/healthz`);
    for (const kind of ['postgres', 'pglite']) {
      const server = servers[kind];
      if (name === 'healthz') {
        await measure('server', kind, name, `${server.base}/healthz`);
        continue;
      }
      const [, p] = targets[kind].endpoints.find(([n]) => n === name);
      await measure('server', kind, name, `${server.base}/services/rest/${p}`, {
        sessionid: targets[kind].sessionId,
      });
    }
  }

  const bareRate = rows.find((r) => r.server === 'bare Fastify').reqPerSec;
  const ownHealthz = (kind) => rows.find((r) => r.database === kind && r.endpoint === 'healthz').reqPerSec;
  const GOAL = { postgres: 40, pglite: 10 };
  console.log('\nshares (req/s of bare Fastify /healthz, and of the same server’s /healthz):');
  console.log(`  bare Fastify /healthz: ${bareRate} req/s`);
  for (const row of rows.filter((r) => r.server === 'server')) {
    row.shareOfBare = (100 * row.reqPerSec) / bareRate;
    row.shareOfOwnHealthz = (100 * row.reqPerSec) / ownHealthz(row.database);
    const goal =
      row.endpoint === 'healthz'
        ? ''
        : row.shareOfOwnHealthz >= GOAL[row.database]
          ? '  goal met'
          : `  below the ${GOAL[row.database]} % goal`;
    console.log(
      `  ${row.database.padEnd(9)} ${row.endpoint.padEnd(22)} ${row.shareOfBare.toFixed(1).padStart(5)} % of bare  ${row.shareOfOwnHealthz.toFixed(1).padStart(5)} % of own /healthz${goal}`,
    );
  }

  console.log('\np99 at a fixed 1,000 req/s on PostgreSQL (autocannon -R 1000; goal ≤ 25 ms):');
  const fixedRate = [];
  for (const [name, p] of targets.postgres.endpoints) {
    const r = await load(
      `${servers.postgres.base}/services/rest/${p}`,
      { sessionid: targets.postgres.sessionId },
      { overallRate: 1000 },
    );
    const row = {
      endpoint: name,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      goalMet: r.latency.p99 <= 25,
    };
    fixedRate.push(row);
    console.log(
      `  ${name.padEnd(22)} ${row.reqPerSec} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms${row.goalMet ? '' : '  OVER'}`,
    );
  }

  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const out = path.join(root, 'bench/results/ratio.json');
  writeFileSync(
    out,
    JSON.stringify(
      { at: new Date().toISOString(), seconds, connections: 10, user: USERNAME, rows, fixedRate },
      null,
      2,
    ),
  );
  console.log(`\nwritten to ${path.relative(root, out)}`);
} finally {
  for (const stop of stops.reverse()) await stop();
  await database.drop();
}
