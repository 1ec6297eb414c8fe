// "I tuoi dati" figures (ADR 039): how long the jobs queue takes to build a customer's
// archive and how big it is, for mariorossi (the demo's customer with two years of hourly data on his
// hourly-price supply, besides gas and heat) and, for contrast, bianchisrl (a business customer whose
// meters report the last 60 days hourly). Build time is the server's own (requested → ready), the
// queue's poll included (JOBS_POLL_MS=200 here). Figures, no budget.
// Usage: node bench/archive.mjs [postgres://admin-url]   (default PGlite with the demo data)
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { api, startServer } from './lib/server.mjs';
import { freshDatabase } from './lib/timing.mjs';

const adminUrl =
  process.argv.slice(2).find((a) => a.startsWith('postgres')) ?? process.env.BENCH_DATABASE_URL;
const ARCHIVES = 'portalapi/Core/v1/user/archives';
const ACCOUNTS = [
  ['mariorossi', 'sga'],
  ['bianchisrl', 'sga'],
];

const { databaseUrl, drop } = await freshDatabase(adminUrl);
const target = databaseUrl
  ? { DATABASE_URL: databaseUrl }
  : { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sportello-bench-')) };
const server = await startServer({ ...target, JOBS_POLL_MS: '200' });
console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ready in ${server.readyMs.toFixed(0)} ms`);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);

const lines = (csv) => Math.max(0, strFromU8(csv).trim().split('\r\n').length - 1);

try {
  for (const [username, company] of ACCOUNTS) {
    const guest = await api(server.base, 'POST', 'portalapi/Core/v1/sessions', { body: { company } });
    const { id: sid } = await api(server.base, 'POST', 'portalapi/Core/v1/user/login', {
      sessionId: guest.id,
      body: { username, password: 'Sportello2026!' },
    });
    const asked = await api(server.base, 'POST', ARCHIVES, { sessionId: sid, body: {} });
    let archive = asked;
    while (archive.status === 'preparing') {
      await new Promise((r) => setTimeout(r, 250));
      archive = (await api(server.base, 'GET', ARCHIVES, { sessionId: sid })).find(
        (a) => a.key === asked.key,
      );
    }
    if (archive.status !== 'ready') throw new Error(`${username}: archive ${archive.status}`);
    const started = performance.now();
    const file = await api(server.base, 'POST', `${ARCHIVES}/${archive.key}/download`, {
      sessionId: sid,
      body: {},
    });
    const downloadMs = performance.now() - started;
    const entries = unzipSync(Buffer.from(file.data, 'base64'));
    const pdfs = Object.keys(entries).filter((n) => n.endsWith('.pdf')).length;
    const unzipped = Object.values(entries).reduce((sum, e) => sum + e.length, 0);
    const buildMs = Date.parse(archive.readyAt) - Date.parse(archive.requestedAt);
    console.log(
      `${username}: built in ${(buildMs / 1000).toFixed(1)} s; ZIP ${(archive.sizeBytes / 1024).toFixed(0)} KiB ` +
        `(${(unzipped / 1024 / 1024).toFixed(1)} MiB unzipped, ${Object.keys(entries).length} files, ${pdfs} bill PDFs); ` +
        `hourly rows ${lines(entries['consumi-orari.csv'])}, monthly rows ${lines(entries['consumi-mensili.csv'])}, ` +
        `bills ${lines(entries['bollette.csv'])}; download ${downloadMs.toFixed(0)} ms`,
    );
  }
} finally {
  await server.stop();
  await drop?.();
}
