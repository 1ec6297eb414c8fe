// The peak morning: virtual customers drawn from a seeded PostgreSQL database arrive at a
// rising rate and do what customers do on a due date — log in, the dashboard, the bills, one bill and
// its PDF, start a payment with the test gateway when something is owed, log out — with think times.
// For 1 worker and then WORKERS=2 (same run) it finds the highest arrival rate held with 0 errors and
// p99 ≤ 1 s for every page, prints the breakdown per call, and reads the server's metrics endpoint
// back for the slowest routes (ADR 034).
//
// Seed once (it takes a while):  createdb -h 127.0.0.1 -U postgres peak
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/peak npm run seed -w server -- --customers 100000
// Run:  PEAK_DATABASE_URL=postgres://postgres@127.0.0.1:5432/peak node bench/peak.mjs
// Options (environment): PEAK_WORKERS=1,2  PEAK_START_RATE=2  PEAK_RATE_STEP=2  PEAK_MAX_RATE=60
//   (customers arriving per second), PEAK_STEP_SECONDS=30, PEAK_THINK_MS=1000-4000,
//   PEAK_MIN_CUSTOMERS=100000 (a smaller seed is refused: set it lower for a smoke run only),
//   PEAK_PDFS=drawn|stored (default drawn), PEAK_STORED_CUSTOMERS=6000, PEAK_PORT and
//   PEAK_METRICS_PORT (the server's ports; free ones by default), PEAK_SETTLE_MS=15000 (the wait for
//   every worker to start when there are several).
// Bills' PDFs: a real supplier's billing system delivers each bill's PDF with the bill;
// the generated customers' bills have none, so the portal draws one on its first opening (~250 ms of
// CPU a bill; kept afterwards). `drawn` measures that fallback. `stored` first gives the bills the
// run can open (those still owed and each customer's latest, for the first PEAK_STORED_CUSTOMERS
// customers in the run's order) the bytes of one drawn bill PDF, as the import would have stored
// theirs: the peak morning then serves stored PDFs, as it would in production. It changes the
// benchmark database only.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { freePort, startServer } from './lib/server.mjs';

const CORE = 'portalapi/Core/v1';
const ERP = 'portalapi/Erp/v1';
/** Every generated customer (clienteN) has this password (packages/demo). */
const PASSWORD = 'Sportello2026!';
const PAGE_BUDGET_MS = 1000;

const env = process.env;
const url = env.PEAK_DATABASE_URL;
if (!url) throw new Error('PEAK_DATABASE_URL is not set (see the usage at the top of bench/peak.mjs)');
const workerCounts = (env.PEAK_WORKERS ?? '1,2').split(',').map(Number);
const startRate = Number(env.PEAK_START_RATE ?? 2);
const rateStep = Number(env.PEAK_RATE_STEP ?? 2);
const maxRate = Number(env.PEAK_MAX_RATE ?? 60);
const stepSeconds = Number(env.PEAK_STEP_SECONDS ?? 30);
const [thinkMin, thinkMax] = (env.PEAK_THINK_MS ?? '1000-4000').split('-').map(Number);
const minCustomers = Number(env.PEAK_MIN_CUSTOMERS ?? 100_000);

const settleMs = Number(env.PEAK_SETTLE_MS ?? 15_000);
const pdfs = env.PEAK_PDFS ?? 'drawn';
const storedCustomers = Number(env.PEAK_STORED_CUSTOMERS ?? 6000);

const client = new pg.Client({ connectionString: url });
await client.connect();
const {
  rows: [{ generated }],
} = await client.query(`select count(*)::int as generated from users where username ~ '^cliente[0-9]+$'`);
if (generated < minCustomers)
  throw new Error(`${generated} generated customers in the database, at least ${minCustomers} wanted`);

/** Customers are drawn without repetition over the whole run: no one pays the same bill twice. */
let drawn = 0;
const stride = 7919; // a prime: i · stride mod n visits every customer once
const customerAt = (index) => `cliente${((index * stride) % generated) + 1}`;
const nextCustomer = () => customerAt(drawn++);

if (pdfs === 'stored') {
  // One bill PDF the portal drew (any run of this bench leaves some); its bytes stand in for the
  // billing system's own, at a real bill's size.
  const {
    rows: [sample],
  } = await client.query(
    `select d.content_base64 from documents d join invoices i on i.document_id = d.id
      where d.content_base64 is not null limit 1`,
  );
  if (!sample) throw new Error('PEAK_PDFS=stored needs one drawn bill PDF: run once with PEAK_PDFS=drawn');
  const usernames = Array.from({ length: storedCustomers }, (_, index) => customerAt(index));
  const started = performance.now();
  const { rowCount } = await client.query(
    `with visited as (select customer_id from users where username = any($1::text[]) and customer_id is not null),
          opened as (
            select i.document_id from invoices i join visited v on v.customer_id = i.customer_id
              where i.outstanding_cents > 0
            union
            select (select i.document_id from invoices i where i.customer_id = v.customer_id
                     order by i.issue_date desc limit 1)
              from visited v)
     update documents set content_base64 = $2, generated_at = now()
      where id in (select document_id from opened where document_id is not null) and content_base64 is null`,
    [usernames, sample.content_base64],
  );
  console.log(
    `stored PDFs: ${rowCount} bills of the first ${storedCustomers} customers in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}
await client.end();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
/** Map.groupBy arrived in Node 21; the project runs on 20. */
const groupBy = (list, keyOf) => {
  const groups = new Map();
  for (const item of list) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
};
const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * CPU seconds used so far by the server's processes (the primary and its workers) and by the
 * PostgreSQL backends of the benchmark database, read from Linux's /proc (undefined elsewhere). A
 * backend the pool closed takes its seconds with it: PostgreSQL's share is a floor.
 */
function cpuSeconds(serverPid, databaseName) {
  const procs = [];
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        procs.push({
          pid: Number(pid),
          ppid: Number(fields[1]),
          cmdline,
          ticks: Number(fields[11]) + Number(fields[12]),
        });
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    return undefined;
  }
  const sum = (list) => list.reduce((total, p) => total + p.ticks, 0) / 100; // USER_HZ
  return {
    server: sum(procs.filter((p) => p.pid === serverPid || p.ppid === serverPid)),
    postgres: sum(
      procs.filter((p) => p.cmdline.startsWith('postgres:') && p.cmdline.includes(` ${databaseName} `)),
    ),
    generator: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  };
}

/** One server under load: every call and page timed, every failure kept. */
function recorder() {
  const calls = new Map();
  const pages = [];
  const errors = [];
  return {
    calls,
    pages,
    errors,
    async call(base, label, method, path, { sessionId, body } = {}) {
      const started = performance.now();
      let status = 0;
      let data;
      try {
        const res = await fetch(`${base}/services/rest/${path}`, {
          method,
          headers: {
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(sessionId ? { sessionid: sessionId } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify({ request: body }) } : {}),
        });
        status = res.status;
        data = (await res.json()).data;
      } catch (err) {
        errors.push(`${label}: ${err.cause?.code ?? err.message}`);
      }
      const ms = performance.now() - started;
      if (!calls.has(label)) calls.set(label, []);
      calls.get(label).push(ms);
      if (status !== 0 && (status < 200 || status > 299)) errors.push(`${label}: ${status}`);
      return status >= 200 && status <= 299 ? data : undefined;
    },
    /** Runs a page's calls (as the browser asks them) and records how long the page took. */
    async page(step, name, run) {
      const started = performance.now();
      const errorsBefore = errors.length;
      const result = await run();
      pages.push({ step, name, ms: performance.now() - started, failed: errors.length > errorsBefore });
      return result;
    },
  };
}

/** One customer's due-date visit; answers when it is over. */
async function visit(base, rec, step) {
  const call = (label, method, path, options) => rec.call(base, label, method, path, options);
  const sid = await rec.page(step, 'login', async () => {
    const guest = await call('POST sessions', 'POST', `${CORE}/sessions`, { body: { company: 'sga' } });
    if (!guest) return undefined;
    const session = await call('POST user/login', 'POST', `${CORE}/user/login`, {
      sessionId: guest.id,
      body: { username: nextCustomer(), password: PASSWORD },
    });
    return session?.id;
  });
  if (!sid) return;
  await think();
  const customer = await rec.page(step, 'dashboard', async () => {
    const [, , list] = await Promise.all([
      call('GET sessions/:id', 'GET', `${CORE}/sessions/${sid}`, { sessionId: sid }),
      call('GET modules', 'GET', `${CORE}/modules`, { sessionId: sid }),
      call('GET customers', 'GET', `${ERP}/customers`, { sessionId: sid }),
    ]);
    const key = list?.customers?.[0]?.key;
    if (!key) return undefined;
    await Promise.all([
      call('GET supplies', 'GET', `${ERP}/supplies?customerKey=${key}`, { sessionId: sid }),
      call('GET invoices', 'GET', `${ERP}/invoices?customerId=${key}`, { sessionId: sid }),
      call('GET notifications', 'GET', `${CORE}/notifications`, { sessionId: sid }),
      call('GET messages', 'GET', `${ERP}/messages?customerKey=${key}`, { sessionId: sid }),
    ]);
    return key;
  });
  if (customer) {
    await think();
    const bills = await rec.page(step, 'bills', () =>
      call(
        'GET invoices (overdue first)',
        'GET',
        `${ERP}/invoices?customerId=${customer}&orderBy=overdueFirst`,
        {
          sessionId: sid,
        },
      ),
    );
    const bill = bills?.invoices?.[0];
    if (bill) {
      await think();
      await rec.page(step, 'bill', () =>
        Promise.all([
          call('GET invoices/:id', 'GET', `${ERP}/invoices/${bill.key}`, { sessionId: sid }),
          call('GET invoices/:id/detail', 'GET', `${ERP}/invoices/${bill.key}/detail`, { sessionId: sid }),
        ]),
      );
      if (bill.documentId) {
        await think();
        await rec.page(step, 'bill PDF', () =>
          call('GET documents/:id', 'GET', `${ERP}/documents/${bill.documentId}`, { sessionId: sid }),
        );
      }
      // A bill in installments is paid installment by installment, oldest first (ADR 025), not whole.
      if (bill.outstandingCents > 0 && !bill.paymentPending && bill.paymentLevel !== 'Installments') {
        await think();
        await rec.page(step, 'pay', () =>
          call('POST payments', 'POST', `${ERP}/payments`, {
            sessionId: sid,
            body: { payKind: 'Invoices', items: [{ id: bill.key }] },
          }),
        );
      }
    }
  }
  await think();
  await rec.page(step, 'logout', () =>
    call('DELETE user/logout', 'DELETE', `${CORE}/user/logout`, { sessionId: sid }),
  );
}

/** A step holds when its visits had no error and every page's p99 is within budget. */
function verdict(rec, step) {
  const pages = rec.pages.filter((p) => p.step === step);
  const byName = groupBy(pages, (p) => p.name);
  const p99 = Object.fromEntries(
    [...byName].map(([name, list]) => [
      name,
      percentile(
        list.map((p) => p.ms),
        99,
      ),
    ]),
  );
  const failed = pages.filter((p) => p.failed).length;
  const worst = Math.max(0, ...Object.values(p99));
  return {
    held: pages.length > 0 && failed === 0 && worst <= PAGE_BUDGET_MS,
    failed,
    worst,
    pages: pages.length,
  };
}

/** Histogram p99 and mean per route from the Prometheus text (route patterns, all statuses together). */
function slowestRoutes(text, count = 6) {
  const routes = new Map();
  for (const line of text.split('\n')) {
    const m = line.match(/^http_request_duration_seconds_(bucket|sum|count)\{(.*)\} ([\d.e+-]+)$/);
    if (!m) continue;
    const labels = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    const key = `${labels.method} ${labels.route}`;
    const entry = routes.get(key) ?? { buckets: new Map(), sum: 0, count: 0 };
    if (m[1] === 'bucket') entry.buckets.set(labels.le, (entry.buckets.get(labels.le) ?? 0) + Number(m[3]));
    else entry[m[1]] += Number(m[3]);
    routes.set(key, entry);
  }
  return [...routes]
    .filter(([, r]) => r.count > 0)
    .map(([route, r]) => {
      const bounds = [...r.buckets].sort((a, b) => Number(a[0]) - Number(b[0]));
      const p99 = bounds.find(([, n]) => n >= 0.99 * r.count)?.[0] ?? '+Inf';
      return {
        route,
        count: r.count,
        meanMs: (1000 * r.sum) / r.count,
        p99: p99 === '+Inf' ? '> 10 s' : `≤ ${1000 * Number(p99)} ms`,
      };
    })
    .sort((a, b) => b.meanMs - a.meanMs)
    .slice(0, count);
}

async function measure(workers) {
  const metricsPort = env.PEAK_METRICS_PORT ? Number(env.PEAK_METRICS_PORT) : await freePort();
  const server = await startServer({
    ...(env.PEAK_PORT ? { PORT: env.PEAK_PORT } : {}),
    DATABASE_URL: url,
    WORKERS: String(workers),
    METRICS_PORT: String(metricsPort),
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '',
    NODE_ENV: 'development',
    // One load generator is one address: the per-address limits are for attackers, not for this test.
    GUEST_SESSIONS_PER_ADDRESS: '100000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000000',
  });
  // /readyz answers once one worker listens; the others may still be loading their code, which takes
  // the cores for seconds and leaves the first connections (kept alive) all on the first worker.
  if (workers > 1) await sleep(settleMs);
  // A few visits first, not counted: the first of each call pays for code loading and plan caching.
  const warm = recorder();
  await Promise.all(Array.from({ length: 2 * workers }, () => visit(server.base, warm, -1)));
  const rec = recorder();
  const visits = [];
  const steps = [];
  const databaseName = new URL(url).pathname.slice(1);
  const cpuBefore = cpuSeconds(server.pid, databaseName);
  try {
    for (let rate = startRate, step = 0; rate <= maxRate; rate += rateStep, step++) {
      steps.push(rate);
      const arrivals = rate * stepSeconds;
      const started = performance.now();
      for (let i = 0; i < arrivals; i++) {
        visits.push(visit(server.base, rec, step));
        const due = started + ((i + 1) * 1000) / rate;
        await sleep(Math.max(0, due - performance.now()));
      }
      // Stop rising once the pages finished so far already break the budget at this rate.
      const sofar = verdict(rec, step);
      console.log(
        `  ${workers} worker(s), ${rate}/s: ${sofar.pages} pages so far, ${sofar.failed} failed, worst page p99 ${sofar.worst.toFixed(0)} ms`,
      );
      if (sofar.pages > 0 && !sofar.held) break;
    }
    await Promise.all(visits);
    const cpuAfter = cpuSeconds(server.pid, databaseName);
    const cpu =
      cpuBefore &&
      cpuAfter &&
      Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, cpuAfter[k] - cpuBefore[k]]));
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
    return { workers, rec, steps, metrics, cpu, visits: visits.length };
  } finally {
    await server.stop();
  }
}

const results = [];
for (const workers of workerCounts) {
  console.log(`\n${workers} worker(s): arrivals from ${startRate}/s, +${rateStep}/s every ${stepSeconds} s`);
  results.push(await measure(workers));
}

console.log(
  `\nPeak test on ${generated} customers; think ${thinkMin}-${thinkMax} ms; page budget p99 ≤ ${PAGE_BUDGET_MS} ms, 0 errors; bill PDFs ${pdfs}`,
);
for (const { workers, rec, steps, metrics, cpu, visits } of results) {
  const verdicts = steps.map((rate, step) => ({ rate, ...verdict(rec, step) }));
  const firstFail = verdicts.findIndex((v) => !v.held);
  const held = firstFail === -1 ? verdicts.at(-1) : verdicts[firstFail - 1];
  console.log(
    `\n${workers} worker(s): ${held ? `held ${held.rate} customers/s (worst page p99 ${held.worst.toFixed(0)} ms)` : 'held no step'}` +
      (firstFail >= 0
        ? `; broke at ${verdicts[firstFail].rate}/s (${verdicts[firstFail].failed} failed pages, worst p99 ${verdicts[firstFail].worst.toFixed(0)} ms)`
        : ''),
  );
  console.log('  call                              n     p50 ms  p99 ms');
  for (const [label, list] of rec.calls)
    console.log(
      `  ${label.padEnd(32)} ${String(list.length).padStart(5)} ${percentile(list, 50).toFixed(0).padStart(8)} ${percentile(list, 99).toFixed(0).padStart(7)}`,
    );
  const errors = groupBy(rec.errors, (e) => e);
  if (errors.size > 0)
    console.log(`  errors: ${[...errors].map(([e, l]) => `${e} × ${l.length}`).join('; ')}`);
  if (cpu) {
    // What one visit costs the machine's cores: its ceiling, whatever the number of workers.
    const perVisit = (seconds) => ((1000 * seconds) / visits).toFixed(0);
    const total = cpu.server + cpu.postgres + cpu.generator;
    console.log(
      `  CPU per visit: server ${perVisit(cpu.server)} ms, PostgreSQL ≥ ${perVisit(cpu.postgres)} ms, load generator ${perVisit(cpu.generator)} ms;` +
        ` ${availableParallelism()} cores hold at most ${((availableParallelism() * visits) / total).toFixed(1)} visits/s`,
    );
  }
  console.log('  slowest routes by the server’s own metrics (mean; p99 bucket):');
  for (const r of slowestRoutes(metrics))
    console.log(`    ${r.route}: ${r.count} calls, mean ${r.meanMs.toFixed(0)} ms, p99 ${r.p99}`);
}
