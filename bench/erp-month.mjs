// A month of a supplier's operations through the integration API (ADR 040, 057), against two
// real servers on one PostgreSQL database (two workers), while a local sink receives the webhooks:
// customers loaded into a brand created for the month, each day's curves and PUN prices, bills on the
// 1st, payments collected elsewhere, a message and a proposal to each customer, month-end readings; the
// demo's customers of sga open requests in the portal (the events) and the ERP moves each through its
// phases. Halfway through, the second server is killed (SIGKILL) and started again. At the end:
// - every event of the feed since the webhook was added is delivered (signature checked); an event
//   delivered twice under the same `Sportello-Event-Id` is a duplicate a receiver drops, one delivered
//   under two ids is not;
// - every request of every customer who opened one is in their Pratiche in the state the ERP set;
// - the reconciliation (ADR 057) of the month's brand against what the ERP sent finds 0 differences.
// It fails on an event lost, a duplicate without the same id, a state or a reconciliation that differs.
// Usage: node bench/erp-month.mjs [customers=10] [days=30] [postgres://admin-url=postgres://postgres@127.0.0.1:5432/postgres]
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, freePort, startServer } from './lib/server.mjs';
import { freshDatabase } from './lib/timing.mjs';

const customers = Number(process.argv[2] ?? 10);
const days = Number(process.argv[3] ?? 30);
const adminUrl = process.argv[4] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The brand whose customers use the portal (the demo's) and the one the month's records load into. */
const BRAND = 'sga';
const LOADED = 'bmo';
/** The demo's customers of sga who open requests in the portal. */
const USERNAMES = ['mariorossi', 'bianchisrl', 'condominioaurora', 'lucaverdi', 'giuliaconti'];
const PASSWORD = 'Sportello2026!';
const PERIOD = { from: '2026-11-01', to: '2026-11-30' };

const { databaseUrl, drop } = await freshDatabase(adminUrl);
/** `npm run integration -- …` on the bench's database. */
function cli(args) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/modules/integration/cli.ts', ...args],
    {
      cwd: root,
      // The sink is on this machine: the development allowance for webhooks to loopback (ADR 048).
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', WEBHOOKS_ALLOW_LOOPBACK: 'true' },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`integration ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}
const field = (text, name) => new RegExp(`${name}:\\s+(\\S+)`).exec(text)?.[1];

// The sink: checks each signature, keeps each event with its id header and the time it arrived.
const sinkPort = await freePort();
const received = [];
let badSignatures = 0;
let webhookSecret = '';
const sink = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const signature = String(req.headers['sportello-signature'] ?? '');
    const t = /t=(\d+)/.exec(signature)?.[1];
    const expected = createHmac('sha256', webhookSecret).update(`${t}.${body}`).digest('hex');
    if (signature !== `t=${t},v1=${expected}`) badSignatures += 1;
    const event = JSON.parse(body);
    if (event.kind !== 'ping')
      received.push({ event, id: String(req.headers['sportello-event-id'] ?? ''), at: Date.now() });
    res.writeHead(204).end();
  });
});
await new Promise((resolve) => sink.listen(sinkPort, '127.0.0.1', resolve));

// Two workers on one database: the first start seeds the demo world; the ERP's calls go to the first.
const serverEnv = { DATABASE_URL: databaseUrl, JOBS_POLL_MS: '200', WEBHOOKS_ALLOW_LOOPBACK: 'true' };
const server = await startServer(serverEnv);
let second = await startServer(serverEnv);
cli(['brand', 'create', LOADED, '--name', 'Energia del mese']);
const client = cli([
  'client',
  'create',
  '--name',
  'bench-erp',
  '--scopes',
  'billing:write,crm:write,metering:write,market:write,events:read,reconcile:read',
  '--brands',
  `${BRAND},${LOADED}`,
]);
const clientId = field(client, 'client_id');
const clientSecret = field(client, 'client_secret');
webhookSecret = field(
  cli(['webhook', 'add', clientId, '--brand', BRAND, '--url', `http://127.0.0.1:${sinkPort}/hook`]),
  'signing secret',
);
const B = `${server.base}/services/rest/integration/v1`;

let token = '';
async function refreshToken() {
  const res = await fetch(`${B}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  token = (await res.json()).access_token;
}
const counts = { created: 0, updated: 0, unchanged: 0, stale: 0, refused: 0, conflict: 0 };
const refusals = [];
/**
 * The ERP's own books of the month's brand, as the reconciliation compares them: per kind, each key
 * the portal accepted with its version and, for bills and payments, its amount.
 */
const books = new Map();
function enter(kind, extKey, version, amountCents = null) {
  if (!books.has(kind)) books.set(kind, new Map());
  books.get(kind).set(extKey, { extKey, version, amountCents });
}
/** What a record accepted puts in the ERP's books (a customer: its contracts and supplies too). */
const BOOKS_OF = {
  customers: (r) => {
    enter('customer', r.extKey, r.version);
    for (const c of r.contracts) {
      enter('contract', c.extKey, r.version);
      for (const s of c.supplies) enter('supply', s.extKey, r.version);
    }
  },
  bills: (r) =>
    enter(
      'bill',
      r.extKey,
      r.version,
      r.sections.reduce((sum, s) => sum + s.totalCents, 0),
    ),
  payments: (r) => enter('payment', r.extKey, r.version, r.amountCents),
  curves: (r) => enter('curve', r.extKey, r.version),
  messages: (r) => enter('message', r.extKey, r.version),
  proposals: (r) => enter('proposal', r.extKey, r.version),
  readings: (r) => enter('reading', r.extKey, r.version),
};
const ACCEPTED = new Set(['created', 'updated', 'unchanged']);
/**
 * `pathName` is the month's brand's (`readings/…`), another brand's (`sga:requests/…`), or from the
 * API's root (`/market/prices/…`: no brand's).
 */
async function erp(method, pathName, body, ndjson = false) {
  const [brand, rest] = pathName.includes(':') ? pathName.split(':') : [LOADED, pathName];
  const res = await fetch(pathName.startsWith('/') ? `${B}${pathName}` : `${B}/brands/${brand}/${rest}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': ndjson ? 'application/x-ndjson' : 'application/json',
    },
    body: ndjson ? body.map((l) => JSON.stringify(l)).join('\n') : JSON.stringify({ request: body }),
  });
  const json = await res.json();
  if (res.status >= 500) throw new Error(`${method} ${pathName} → ${res.status}`);
  const results = ndjson
    ? (json.data?.results ?? [])
    : [json.success ? json.data : { outcome: 'refused', code: json.message }];
  const sent = ndjson ? body : [{ ...body, extKey: rest.split('/')[1] }];
  results.forEach((r, i) => {
    counts[r.outcome] += 1;
    if (r.outcome === 'refused' || r.outcome === 'conflict') refusals.push(`${pathName}: ${r.code}`);
    else if (brand === LOADED && ACCEPTED.has(r.outcome)) BOOKS_OF[rest.split('/')[0]]?.(sent[i]);
  });
  return json;
}
/** The brand's events after a cursor, every page. */
async function feedAfter(cursor) {
  const events = [];
  let after = cursor;
  for (;;) {
    const res = await fetch(`${B}/brands/${BRAND}/events?limit=1000${after ? `&after=${after}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await res.json()).data;
    events.push(...page.events);
    if (!page.more) return events;
    after = page.next;
  }
}
const pad = (n) => String(n).padStart(2, '0');
const dayOf = (d) => `2026-11-${pad(d)}`;

const started = performance.now();
try {
  await refreshToken();
  // The webhook gets what happens after it was added: nothing happened since, so the feed's end now.
  const hookStart = (await feedAfter('')).at(-1)?.cursor ?? '';
  // The customers, each with a contract and a supply.
  await erp(
    'POST',
    'customers',
    Array.from({ length: customers }, (_, i) => ({
      extKey: `BENCH-C-${i}`,
      version: 1,
      customerCode: `BENCH-${i}`,
      customerType: 'private',
      name: `Cliente ${i}`,
      contracts: [
        {
          extKey: `BENCH-K-${i}`,
          number: `BK-${i}`,
          name: 'Luce casa',
          startDate: '2026-01-01',
          supplies: [
            {
              extKey: `BENCH-POD-${i}`,
              commodity: 'electricity',
              pointCode: `IT001E9${String(i).padStart(7, '0')}`,
              address: 'Via Roma 1',
              postalCode: '20121',
              locality: 'Milano',
              province: 'MI',
              activationDate: '2026-01-01',
            },
          ],
        },
      ],
    })),
    true,
  );

  // The customers who use the portal: each opens a request now and then, the ERP moves it on.
  const people = [];
  for (const username of USERNAMES) {
    const guest = await api(server.base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: BRAND } });
    const session = (
      await api(server.base, 'POST', 'portalapi/Core/v1/user/login', {
        sessionId: guest.id,
        body: { username, password: PASSWORD },
      })
    ).id;
    const list = (await api(server.base, 'GET', 'portalapi/Erp/v1/customers', { sessionId: session }))
      .customers;
    for (const customer of list) {
      const { contracts } = await api(
        server.base,
        'GET',
        `portalapi/Erp/v1/contracts?customerKey=${customer.key}`,
        { sessionId: session },
      );
      if (contracts.length > 0) people.push({ username, session, customer, contracts });
    }
  }
  const opened = new Map(); // request key → the state the ERP last set
  let version = 1;
  let asked = 0;
  let killedOn = null;

  for (let d = 1; d <= days; d++) {
    if (d % 3 === 0) await refreshToken(); // tokens live 10 minutes
    const day = dayOf(d);
    // Curves and the day's PUN.
    const hours = 24; // November: no clock change
    await erp(
      'POST',
      'curves',
      Array.from({ length: customers }, (_, i) => ({
        extKey: `BENCH-CV-${i}-${day}`,
        version: 1,
        supplyExtKey: `BENCH-POD-${i}`,
        day,
        resolution: 'PT60M',
        quantities: Array.from({ length: hours }, (_, h) => 200 + ((h * 37 + i * 11) % 500)),
      })),
      true,
    );
    await erp('PUT', `/market/prices/PUN-${day}`, {
      version: 1,
      market: 'PUN',
      day,
      resolution: 'PT60M',
      prices: Array.from({ length: hours }, (_, h) => 90_000 + h * 1_500),
    });
    // Bills on the 1st, payments from the 10th, a returned direct debit on the 20th.
    if (d === 1)
      await erp(
        'POST',
        'bills',
        Array.from({ length: customers }, (_, i) => ({
          extKey: `BENCH-B-${i}`,
          version: 1,
          contractExtKey: `BENCH-K-${i}`,
          number: `2026/B${i}`,
          issueDate: day,
          dueDate: dayOf(21),
          sections: [
            {
              title: 'Materia energia',
              lines: [{ label: 'Energia', amountCents: 5_000 + i }],
              totalCents: 5_000 + i,
            },
          ],
        })),
        true,
      );
    if (d >= 10 && d < 10 + customers)
      await erp('PUT', `payments/BENCH-P-${d - 10}`, {
        version: 1,
        billExtKey: `BENCH-B-${d - 10}`,
        amountCents: 5_000 + d - 10,
        collectedOn: day,
        channel: 'directDebit',
      });
    if (d === 20)
      await erp('PUT', 'payments/BENCH-P-0', {
        version: 2,
        billExtKey: 'BENCH-B-0',
        amountCents: 5_000,
        collectedOn: day,
        channel: 'directDebit',
        returned: true,
      });
    // A message to every customer on the 5th; a proposal on the 15th, its terms corrected the next day.
    if (d === 5)
      await erp(
        'POST',
        'messages',
        Array.from({ length: customers }, (_, i) => ({
          extKey: `BENCH-M-${i}`,
          version: 1,
          customerExtKey: `BENCH-C-${i}`,
          title: 'Manutenzione programmata',
          body: `Il ${dayOf(12)} dalle 9 alle 12 la fornitura potrebbe interrompersi.`,
        })),
        true,
      );
    if (d === 15 || d === 16)
      await erp(
        'POST',
        'proposals',
        Array.from({ length: customers }, (_, i) => ({
          extKey: `BENCH-PRP-${i}`,
          version: d,
          customerExtKey: `BENCH-C-${i}`,
          contractExtKey: `BENCH-K-${i}`,
          title: 'Passa a Luce Web',
          description: 'Prezzo fisso per 24 mesi.',
          startDate: day,
          price: { energyMicroEuro: d === 15 ? 121_000 : 119_000, unit: 'kWh', fixedFeeCentsPerMonth: 800 },
        })),
        true,
      );
    // Each customer changes how a contract's bills come (paper or e-mail to the address on file, which
    // needs no step-up); the ERP takes the request in hand, then closes it.
    for (const person of [...people]) {
      const contract = person.contracts[d % person.contracts.length];
      const request = await fetch(`${server.base}/services/rest/portalapi/Erp/v1/requests/billingOptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', sessionid: person.session },
        body: JSON.stringify({ request: { contractKey: contract.key, delivery: d % 2 ? 'paper' : 'email' } }),
      });
      // A contract with a change still open refuses another (409): that day the customer waits. An
      // account that must prove itself again first (a passkey's, ADR 038) leaves the month's requests.
      if (request.ok) asked += 1;
      else if (request.status === 403 && (await request.json()).errors?.[0]?.code === 'step_up_required')
        people.splice(people.indexOf(person), 1);
      else if (request.status !== 409)
        throw new Error(`request refused: ${request.status} ${await request.text()}`);
    }
    // Halfway, the second worker dies where it stands (mid-delivery, maybe) and is started again.
    if (d === Math.ceil(days / 2)) {
      process.kill(second.pid, 'SIGKILL');
      killedOn = d;
      second = await startServer(serverEnv);
    }
    // The ERP hears of each request by its webhook and moves it on by the key the event names.
    const waitUntil = Date.now() + 30_000;
    while (received.filter((r) => r.event.kind === 'request.opened').length < asked && Date.now() < waitUntil)
      await new Promise((r) => setTimeout(r, 50));
    for (const r of received)
      if (r.event.kind === 'request.opened' && !opened.has(r.event.entityKey))
        opened.set(r.event.entityKey, null);
    for (const [key, state] of opened) {
      if (state === 'Chiuso') continue;
      const next = state === null ? 'InLavorazione' : 'Chiuso';
      await erp('PUT', `${BRAND}:requests/${key}`, {
        version: ++version,
        status: next,
        phaseCode: next === 'Chiuso' ? 'IR090' : 'IR050',
      });
      opened.set(key, next);
    }
  }
  // Month-end readings.
  await erp(
    'POST',
    'readings',
    Array.from({ length: customers }, (_, i) => ({
      extKey: `BENCH-R-${i}`,
      version: 1,
      supplyExtKey: `BENCH-POD-${i}`,
      readingDate: dayOf(days),
      source: 'distributor',
      status: 'validated',
      values: { F1: 1_000 + i, F2: 800, F3: 600 },
    })),
    true,
  );

  // Let the webhooks catch up, then compare the feed since the webhook was added with the sink.
  const fromHook = await feedAfter(hookStart);
  const deliveredCursors = () => new Set(received.map((r) => r.event.cursor));
  const deadline = Date.now() + 90_000;
  while (fromHook.some((e) => !deliveredCursors().has(e.cursor)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  // Each event's deliveries: again under the id it came with (a receiver drops it), or under another.
  const idsOf = new Map();
  let sameId = 0;
  let otherId = 0;
  for (const r of received) {
    const first = idsOf.get(r.event.cursor);
    if (first === undefined) idsOf.set(r.event.cursor, r.id);
    else if (first === r.id) sameId += 1;
    else otherId += 1;
  }
  const lost = fromHook.filter((e) => !idsOf.has(e.cursor)).length;
  const latencies = received.map((r) => r.at - Date.parse(r.event.occurredAt)).sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;

  // The portal: every request of every customer who opened one is in their Pratiche in the state the ERP set.
  const states = new Map();
  for (const person of people) {
    const { requests } = await api(
      server.base,
      'GET',
      `portalapi/Erp/v1/requests?customerKey=${person.customer.key}&pagingTake=500`,
      { sessionId: person.session },
    );
    for (const r of requests) states.set(r.key, r.Status);
  }
  const disagree = [...opened].filter(([key, state]) => states.get(key) !== state);
  const openedEvents = new Set(
    received.filter((r) => r.event.kind === 'request.opened').map((r) => r.event.entityKey),
  );
  const notHeard = [...opened.keys()].filter((key) => !openedEvents.has(key));

  // The reconciliation of the month's brand: the counts, then the ERP's books a page at a time.
  await refreshToken();
  const summary = await fetch(`${B}/brands/${LOADED}/reconciliation?from=${PERIOD.from}&to=${PERIOD.to}`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((res) => res.json());
  const differences = [];
  for (const kind of summary.data.kinds.map((k) => k.kind)) {
    const list = [...(books.get(kind)?.values() ?? [])].sort((a, b) =>
      a.extKey < b.extKey ? -1 : a.extKey > b.extKey ? 1 : 0,
    );
    for (let start = 0; start === 0 || start < list.length; start += 5_000) {
      const records = list.slice(start, start + 5_000);
      const last = start + records.length >= list.length;
      const page = await fetch(`${B}/brands/${LOADED}/reconciliation/differences`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          request: {
            ...PERIOD,
            kind,
            after: start === 0 ? null : list[start - 1].extKey,
            through: last ? null : records.at(-1).extKey,
            records,
          },
        }),
      }).then((res) => res.json());
      if (!page.success) throw new Error(`reconciliation of ${kind}: ${page.message}`);
      differences.push(...page.data.differences.map((x) => ({ kind, ...x })));
    }
  }

  console.log(
    `month of ${days} days, ${customers} customers, two workers on PostgreSQL (the second killed -9 on day ${killedOn}), in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `records: ${JSON.stringify(counts)}${refusals.length ? ` refused: ${refusals.slice(0, 5).join(', ')}` : ''}`,
  );
  console.log(
    `requests opened in the portal by ${people.length} customers and moved by the ERP: ${opened.size}`,
  );
  console.log(
    `events produced (feed since the webhook): ${fromHook.length}, delivered: ${idsOf.size}, deliveries: ${received.length}`,
  );
  console.log(
    `events lost: ${lost}, duplicated with the same event id: ${sameId}, duplicated under another id: ${otherId}, bad signatures: ${badSignatures}`,
  );
  console.log(
    `webhook delivery (event to sink): p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${latencies.at(-1) ?? 0} ms`,
  );
  console.log(
    `reconciliation of ${LOADED}, ${PERIOD.from} – ${PERIOD.to}: ${summary.data.kinds
      .filter((k) => k.count > 0)
      .map((k) => `${k.kind} ${k.count}${k.totalCents === null ? '' : ` (${k.totalCents} c)`}`)
      .join(', ')}; differences: ${differences.length}`,
  );
  for (const x of differences.slice(0, 10)) console.log(`  ${x.kind} ${x.extKey}: ${x.difference}`);
  console.log(
    `portal and sink agree: ${disagree.length === 0 && notHeard.length === 0 ? 'yes' : `NO (${disagree.length} states, ${notHeard.length} requests unheard)`}`,
  );
  // A month in which nobody could open a request proves nothing about the events.
  if (opened.size === 0) console.log('no request was opened: the events were not tried');
  if (
    opened.size === 0 ||
    lost > 0 ||
    otherId > 0 ||
    disagree.length > 0 ||
    notHeard.length > 0 ||
    badSignatures > 0 ||
    differences.length > 0
  )
    process.exitCode = 1;
} finally {
  await server.stop();
  await second.stop();
  sink.close();
  await drop();
}
