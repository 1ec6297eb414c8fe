// The initial load's rows per second (ADR 046): writes NDJSON files of N customers
// (one contract with one supply each, every third customer a second contract) and two years of
// bimonthly bills per contract, then times `npm run integration -- load` on a fresh PostgreSQL database
// holding the demo's brands and a new, empty one the load goes into (so it builds its indexes after the
// rows, ADR 046), customers first, then bills. Meanwhile a server on the same database answers another
// brand's customer (sga's bianchisrl) their invoice list in a loop: its p50/p99 before and during each
// load say what the load costs the brands already live (ADR 057).
// Usage: node bench/initial-load.mjs [customers=10000] [postgres://admin-url=postgres://postgres@127.0.0.1:5432/postgres]
//   FILES=<dir> keeps the files there (they are written again only if missing); KEEP=1 keeps the database;
//   DB=<name> names the database (it must not exist); ONLY_FILES=1 writes the files and stops.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { api, startServer } from './lib/server.mjs';
import { freshDatabase, percentile, timed } from './lib/timing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 10_000);
const adminUrl = process.argv[3] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dir = process.env.FILES ?? mkdtempSync(path.join(tmpdir(), 'sportello-load-'));
mkdirSync(dir, { recursive: true });
const BILLS_PER_CONTRACT = 12; // two years, one bill every two months
const pad = (n, width) => String(n).padStart(width, '0');

/** Writes lines to a file, waiting when the stream's buffer is full (the files never sit in memory). */
async function writeLines(file, lines) {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

const contractsOf = (i) => (i % 3 === 0 ? 2 : 1);

function* customerLines() {
  for (let i = 1; i <= count; i += 1) {
    const contracts = [];
    for (let c = 1; c <= contractsOf(i); c += 1) {
      const k = `${i}-${c}`;
      contracts.push({
        extKey: `K-${k}`,
        number: `CTR-${k}`,
        name: c === 1 ? 'Luce casa' : 'Gas casa',
        startDate: '2024-01-01',
        supplies: [
          {
            extKey: `POD-${k}`,
            commodity: c === 1 ? 'electricity' : 'gas',
            pointCode: c === 1 ? `IT001E${pad(i * 10 + c, 8)}` : pad(i * 10 + c, 14),
            address: `Via Roma ${i % 200}`,
            postalCode: '20121',
            locality: 'Milano',
            province: 'MI',
            activationDate: '2024-01-01',
          },
        ],
      });
    }
    yield JSON.stringify({
      extKey: `C-${i}`,
      version: 1,
      customerCode: `L${pad(i, 9)}`,
      customerType: 'private',
      name: `Cliente ${i}`,
      firstName: 'Cliente',
      lastName: String(i),
      email: `cliente${i}@example.it`,
      contracts,
    });
  }
}

function* billLines() {
  for (let i = 1; i <= count; i += 1)
    for (let c = 1; c <= contractsOf(i); c += 1)
      for (let b = 0; b < BILLS_PER_CONTRACT; b += 1) {
        const month = 2 * b; // from January 2024
        const start = `${2024 + Math.floor(month / 12)}-${pad((month % 12) + 1, 2)}-01`;
        const issue = `${2024 + Math.floor((month + 2) / 12)}-${pad(((month + 2) % 12) + 1, 2)}-05`;
        const energy = 3_000 + ((i * 7 + b * 13) % 4_000);
        const grid = 1_200 + ((i + b) % 500);
        yield JSON.stringify({
          extKey: `B-${i}-${c}-${b}`,
          version: 1,
          contractExtKey: `K-${i}-${c}`,
          number: `${issue.slice(0, 4)}/${pad(i, 7)}${c}${pad(b, 2)}`,
          issueDate: issue,
          dueDate: issue.replace(/-05$/, '-25'),
          periodStart: start,
          sections: [
            {
              title: 'Spesa per la materia energia',
              lines: [{ label: 'Energia', quantity: '200 kWh', amountCents: energy }],
              totalCents: energy,
            },
            {
              title: 'Spesa per il trasporto e la gestione del contatore',
              lines: [{ label: 'Quota fissa', amountCents: grid }],
              totalCents: grid,
            },
          ],
          outstandingCents: b < BILLS_PER_CONTRACT - 1 ? 0 : undefined,
        });
      }
}

const customersFile = path.join(dir, `customers-${count}.ndjson`);
const billsFile = path.join(dir, `bills-${count}.ndjson`);
if (!existsSync(customersFile) || !existsSync(billsFile)) {
  await writeLines(customersFile, customerLines());
  await writeLines(billsFile, billLines());
}
console.log(`files in ${dir}`);
if (process.env.ONLY_FILES === '1') process.exit(0);

const { databaseUrl, drop } = await freshDatabase(adminUrl, process.env.DB);
const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
const tsx = async (script, args) => {
  const started = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: path.join(root, 'server'),
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { seconds: (performance.now() - started) / 1000, out: stdout };
};

/** Another brand's customer's invoice list, asked in a loop until `done` resolves: its times in ms. */
async function probeInvoiceList(server, sessionId, customer, done) {
  const url = `${server.base}/services/rest/portalapi/Erp/v1/invoices?customerId=${customer}&orderBy=overdueFirst`;
  const samples = [];
  let finished = false;
  const finish = () => (finished = true);
  void done.then(finish, finish);
  while (!finished) samples.push((await timed(url, sessionId)).ms);
  return samples;
}
const figures = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `n=${samples.length} p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`;
};

let server;
try {
  // The brands and the demo's own accounts: the load adds to a database that already has them.
  await tsx('src/db/seed-cli.ts', []);
  server = await startServer({ DATABASE_URL: databaseUrl, LOGIN_MAX_ATTEMPTS_PER_USERNAME: '1000' });
  const guest = await api(server.base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });
  const { id: sid } = await api(server.base, 'POST', 'portalapi/Core/v1/user/login', {
    sessionId: guest.id,
    body: { username: 'bianchisrl', password: 'Sportello2026!' },
  });
  const { customers: own } = await api(server.base, 'GET', 'portalapi/Erp/v1/customers', { sessionId: sid });
  const quiet = new Promise((r) => setTimeout(r, 10_000));
  console.log(
    `sga's invoice list before the load: ${figures(await probeInvoiceList(server, sid, own[0].key, quiet))}`,
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into companies (code, name, legal_name, vat_number)
     values ('nuo', 'Nuova Energia', 'Nuova Energia S.r.l.', '01114601006')`,
  );
  const rows = async () => {
    const {
      rows: [r],
    } = await client.query(
      `select (select count(*) from customers) + (select count(*) from contracts) + (select count(*) from supplies)
         + (select count(*) from invoices) + (select count(*) from invoice_sections) + (select count(*) from documents)
         + (select count(*) from integration_records) as n`,
    );
    return Number(r.n);
  };
  let before = await rows();
  for (const [kind, file] of [
    ['customers', customersFile],
    ['bills', billsFile],
  ]) {
    const load = tsx('src/modules/integration/cli.ts', ['load', kind, file, '--brand', 'nuo']);
    const during = await probeInvoiceList(server, sid, own[0].key, load);
    const { seconds, out } = await load;
    const after = await rows();
    console.log(`sga's invoice list during the ${kind} load: ${figures(during)}`);
    console.log(out.trim().split('\n').at(-1));
    console.log(
      `${kind}: ${seconds.toFixed(1)} s with the process's start, ${after - before} rows written ` +
        `(${Math.round((after - before) / seconds)} rows/s; customers, contracts, supplies, bills, sections, documents and their integration records)`,
    );
    before = after;
  }
  await client.end();
} finally {
  await server?.stop();
  if (process.env.KEEP === '1') console.log(`kept: DATABASE_URL=${databaseUrl}`);
  else await drop();
  if (!process.env.FILES) rmSync(dir, { recursive: true, force: true });
}
