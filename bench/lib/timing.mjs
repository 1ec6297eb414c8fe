// What the API benchmarks share: a fresh PostgreSQL database when asked for, timed calls and the
// p50/p95 summary against a budget.
import pg from 'pg';

/** A new database on the server at `adminUrl` (or none without it), and how to drop it. */
export async function freshDatabase(adminUrl, name = `sportello_bench_${Date.now()}`) {
  if (!adminUrl) return { databaseUrl: undefined, drop: async () => undefined };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The q-quantile (0.99 for p99) of ascending `sorted`, nearest rank. */
export const percentile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

export function summary(name, samples, budget) {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 0.95);
  console.log(
    `${name}: n=${samples.length} p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${sorted.at(-1).toFixed(2)} ms` +
      ` (budget p95 ≤ ${budget} ms: ${p95 <= budget ? 'ok' : 'OVER'})`,
  );
}

export async function timed(url, sessionId) {
  const started = performance.now();
  const res = await fetch(url, { headers: { sessionid: sessionId } });
  const body = await res.json();
  const ms = performance.now() - started;
  if (!body.success) throw new Error(`${url}: ${res.status} ${body.message}`);
  return { ms, data: body.data };
}
