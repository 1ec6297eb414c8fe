// Where a request's server CPU goes: starts the server (one process, `node --cpu-prof`, the job poller
// off so no background work mixes in) with the demo data, loads one GET of the read path for a few seconds, stops it and prints the CPU profile's self
// time by function and by package, beside the CPU per request read from /proc over the load alone.
// Usage: node bench/profile.mjs <healthz | an endpoint of bench/lib/read-path.mjs, e.g. "consumption by month">
//          [seconds, default 5] [pglite | postgres, default postgres] [postgres admin url]
// The profile stays in bench/results/profiles/ for Chrome DevTools (Performance → Load profile).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMsOf, load, loadAverage, readPathOf } from './lib/read-path.mjs';
import { startServer } from './lib/server.mjs';
import { freshDatabase } from './lib/timing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [endpoint = 'healthz', secondsArg = '5', kind = 'postgres', adminArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const adminUrl = adminArg ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dir = path.join(root, 'bench/results/profiles');
mkdirSync(dir, { recursive: true });
const before = new Set(readdirSync(dir));

console.log(`load average before: ${loadAverage()}`);
const database = kind === 'postgres' ? await freshDatabase(adminUrl) : await freshDatabase(undefined);
const server = await startServer(
  {
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    WORKERS: '1',
    METRICS_PORT: '0',
  },
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
);
let requests;
let cpuMs;
// The load's span on the monotonic clock, which V8's profile timestamps also read (Linux).
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const window = { from: 0, to: 0 };
try {
  const { sessionId, endpoints } = await readPathOf(server.base);
  const target =
    endpoint === 'healthz' ? '/healthz' : `/services/rest/${endpoints.find(([n]) => n === endpoint)?.[1]}`;
  if (target.endsWith('undefined')) throw new Error(`no endpoint named ${endpoint}`);
  const url = `${server.base}${target}`;
  const headers = endpoint === 'healthz' ? {} : { sessionid: sessionId };
  await load(url, headers, { duration: 1 }); // warm-up: JIT, pools
  const cpuBefore = cpuMsOf(server.pid);
  window.from = monotonicUs();
  const r = await load(url, headers, { duration: seconds });
  window.to = monotonicUs();
  cpuMs = cpuMsOf(server.pid) - cpuBefore;
  requests = r.requests.total;
  console.log(
    `${endpoint} on ${kind}: ${Math.round(r.requests.average)} req/s, ${r.non2xx} non-2xx, ` +
      `server CPU ${Math.round((1000 * cpuMs) / requests)} µs per request (${requests} requests)`,
  );
} finally {
  await server.stop();
  await database.drop();
}
console.log(`load average after: ${loadAverage()}`);

// Self time of each node of the profile during the load only (not the start, seeding, warm-up), summed
// by function and by package.
const file = readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
const selfUs = new Map(profile.nodes.map((n) => [n.id, 0]));
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  if (at >= window.from && at <= window.to)
    selfUs.set(profile.samples[i], selfUs.get(profile.samples[i]) + profile.timeDeltas[i]);
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
const byPackage = new Map();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^file:\/\//, '').replace(`${root}/`, '');
  const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + selfUs.get(node.id));
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('node:') ? 'node' : /^(server|packages\/[^/]+)\//.exec(where)?.[1]) ??
    (functionName.startsWith('(') ? functionName : where ? 'other' : '(native)');
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + selfUs.get(node.id));
}
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
console.log(`\nself time by package (${(total / 1e6).toFixed(1)} s profiled):\n${top(byPackage, 15)}`);
console.log(`\nself time by function:\n${top(byFunction, 30)}`);
// Inclusive time of the app's own functions (server/, packages/): where a request's time goes.
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
const inclusive = new Map();
for (const [id, us] of selfUs) {
  const seen = new Set();
  for (let node = nodeById.get(id); node; node = parent.get(node.id)) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(`${root}/`, '');
    if (!/^(server|packages)\//.test(where)) continue;
    const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
    if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    seen.add(key);
  }
}
console.log(`\ninclusive time of the app's functions:\n${top(inclusive, 25)}`);
console.log(`\nprofile: ${path.relative(root, path.join(dir, file))}`);
