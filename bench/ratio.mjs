// The read path's ratio: how close the authenticated read path comes to the server's own /healthz.
// Starts bare Fastify (one /healthz route), the server on PostgreSQL and the server on PGlite, each in
// a process of its own with one worker (WORKERS=1 on both databases: the same event loops on each side)
// and the job poller off (JOBS_POLL_MS=0: no background work in the figures; bench/peak.mjs counts it).
// Every GET is measured right after its server's /healthz (A B A B, `rounds` times), so a machine that
// gets busier mid-run weighs on both sides of each ratio alike; a share is the median of its rounds.
// For every load it prints the rate reached, p50/p99 and the server's CPU per request (user + system
// from /proc over the load alone), then the p99 at a fixed rate with the rate actually reached.
// Figures go to stdout and bench/results/ratio.json, with the load average before and after.
// Usage: node bench/ratio.mjs [seconds per load, default 3] [postgres admin url] [rounds, default 3]
//          [fixed rate, default 200 req/s]
//   (default BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh database is made)
// Goals (ADR 071): every authenticated GET ≥ 40 % of the same server's /healthz on PostgreSQL, ≥ 25 %
// on PGlite; the server's /healthz within 2× bare Fastify's CPU per request. On a shared machine only
// the ratios and the CPU per request are worth comparing; an absolute rate says how busy the machine was.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMsOf, load, loadAverage, readPathOf } from './lib/read-path.mjs';
import { freePort, startServer } from './lib/server.mjs';
import { freshDatabase } from './lib/timing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 3);
const adminUrl =
  process.argv[3] || process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const rounds = Number(process.argv[4] ?? 3);
const fixedRate = Number(process.argv[5] ?? 200);
const CONNECTIONS = 10;
const GOAL = { postgres: 40, pglite: 25 };

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
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One load of `url` on the process `pid`: rate reached, latency and the process's CPU per request. */
async function measure(pid, url, headers, extra = {}) {
  const cpuBefore = cpuMsOf(pid);
  const r = await load(url, headers, { connections: CONNECTIONS, duration: seconds, ...extra });
  const cpuMs = cpuMsOf(pid) - cpuBefore;
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return {
    reqPerSec: r.requests.total / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUsPerRequest: (1000 * cpuMs) / r.requests.total,
  };
}

const loadBefore = loadAverage();
console.log(`load average before: ${loadBefore}`);
const bare = await startBareFastify();
const database = await freshDatabase(adminUrl);
const servers = {};
const stops = [bare.stop];
try {
  const common = { WORKERS: '1', JOBS_POLL_MS: '0', METRICS_PORT: '0' };
  servers.postgres = await startServer({ ...common, DATABASE_URL: database.databaseUrl });
  stops.push(servers.postgres.stop);
  servers.pglite = await startServer(common);
  stops.push(servers.pglite.stop);
  const targets = {};
  for (const kind of ['postgres', 'pglite']) targets[kind] = await readPathOf(servers[kind].base);
  const urlOf = (kind, p) => `${servers[kind].base}/services/rest/${p}`;
  // Warm-up: JIT, prepared statements, connection pools; /healthz too, or the first round pays its JIT.
  await load(`${bare.base}/healthz`, {}, { duration: 1 });
  for (const kind of ['postgres', 'pglite']) {
    await load(`${servers[kind].base}/healthz`, {}, { duration: 1 });
    for (const [, p] of targets[kind].endpoints)
      await load(urlOf(kind, p), { sessionid: targets[kind].sessionId }, { duration: 1 });
  }

  console.log(
    `\n${rounds} rounds; each GET right after its server's /healthz; ${seconds} s a load, ${CONNECTIONS} connections`,
  );
  const samples = []; // { database, endpoint, round, healthz, get }
  const bareSamples = [];
  const row = (who, name, m) =>
    console.log(
      `  ${who.padEnd(20)} ${name.padEnd(22)} ${String(Math.round(m.reqPerSec)).padStart(6)} req/s  ` +
        `p50 ${m.p50} ms  p99 ${m.p99} ms  ${String(Math.round(m.cpuUsPerRequest)).padStart(5)} µs CPU/req`,
    );
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round}/${rounds}`);
    const bareRun = await measure(bare.pid, `${bare.base}/healthz`, {});
    bareSamples.push(bareRun);
    row('bare Fastify', 'healthz', bareRun);
    for (const [name, p] of targets.postgres.endpoints) {
      for (const kind of ['postgres', 'pglite']) {
        const { pid, base } = servers[kind];
        const healthz = await measure(pid, `${base}/healthz`, {});
        const ownPath = targets[kind].endpoints.find(([n]) => n === name)[1];
        const get = await measure(pid, urlOf(kind, ownPath), { sessionid: targets[kind].sessionId });
        row(`server (${kind})`, 'healthz', healthz);
        row(`server (${kind})`, name, get);
        samples.push({ database: kind, endpoint: name, round, healthz, get, path: p });
      }
    }
  }

  // A share is the median of its rounds' ratios; rates and CPU are medians too.
  const bareCpu = median(bareSamples.map((s) => s.cpuUsPerRequest));
  console.log(`\nbare Fastify /healthz: ${Math.round(bareCpu)} µs CPU per request (median)`);
  const rows = [];
  for (const kind of ['postgres', 'pglite']) {
    const ofKind = samples.filter((s) => s.database === kind);
    const healthzCpu = median(ofKind.map((s) => s.healthz.cpuUsPerRequest));
    rows.push({
      server: 'server',
      database: kind,
      endpoint: 'healthz',
      reqPerSec: Math.round(median(ofKind.map((s) => s.healthz.reqPerSec))),
      cpuUsPerRequest: Math.round(healthzCpu),
      timesBareCpu: healthzCpu / bareCpu,
    });
    console.log(
      `${kind} /healthz: ${Math.round(healthzCpu)} µs CPU per request, ${(healthzCpu / bareCpu).toFixed(1)}× bare Fastify's (goal ≤ 2×)`,
    );
  }
  console.log(`\nshare of the same server's /healthz (each round, median) and CPU per request (median):`);
  for (const [name] of targets.postgres.endpoints) {
    for (const kind of ['postgres', 'pglite']) {
      const ofGet = samples.filter((s) => s.database === kind && s.endpoint === name);
      const shares = ofGet.map((s) => (100 * s.get.reqPerSec) / s.healthz.reqPerSec);
      const share = median(shares);
      const r = {
        server: 'server',
        database: kind,
        endpoint: name,
        reqPerSec: Math.round(median(ofGet.map((s) => s.get.reqPerSec))),
        p99: median(ofGet.map((s) => s.get.p99)),
        cpuUsPerRequest: Math.round(median(ofGet.map((s) => s.get.cpuUsPerRequest))),
        shares,
        shareOfOwnHealthz: share,
      };
      rows.push(r);
      console.log(
        `  ${kind.padEnd(9)} ${name.padEnd(22)} ${shares.map((s) => s.toFixed(1).padStart(5)).join(' ')}  median ${share.toFixed(1).padStart(5)} %` +
          `  ${String(r.cpuUsPerRequest).padStart(5)} µs CPU/req  ${share >= GOAL[kind] ? 'goal met' : `below the ${GOAL[kind]} % goal`}`,
      );
    }
  }

  // A fixed arrival rate: the p99 says something only if the rate was reached, so it is printed beside it.
  console.log(`\np99 at a fixed ${fixedRate} req/s on PostgreSQL (${CONNECTIONS} connections):`);
  const fixed = [];
  for (const [name, p] of targets.postgres.endpoints) {
    const m = await measure(
      servers.postgres.pid,
      urlOf('postgres', p),
      { sessionid: targets.postgres.sessionId },
      { overallRate: fixedRate },
    );
    const reached = m.reqPerSec >= 0.95 * fixedRate;
    fixed.push({ endpoint: name, asked: fixedRate, ...m, reached });
    console.log(
      `  ${name.padEnd(22)} reached ${Math.round(m.reqPerSec)} of ${fixedRate} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms` +
        (reached ? '' : '  RATE NOT REACHED: the p99 is not at that rate'),
    );
  }

  const loadAfter = loadAverage();
  console.log(`\nload average after: ${loadAfter}`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const out = path.join(root, 'bench/results/ratio.json');
  writeFileSync(
    out,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        loadAverage: { before: loadBefore, after: loadAfter },
        seconds,
        rounds,
        connections: CONNECTIONS,
        workers: { postgres: 1, pglite: 1 },
        jobsPoller: 'off',
        user: targets.postgres.user,
        bareCpuUsPerRequest: Math.round(bareCpu),
        rows,
        samples,
        fixedRate: fixed,
      },
      null,
      2,
    ),
  );
  console.log(`written to ${path.relative(root, out)}`);
} finally {
  for (const stop of stops.reverse()) await stop();
  await database.drop();
}
