// A month of a supplier's operations through the integration API (issue 27, ADR 040), against the real
// server, while a local sink receives the webhooks: customers loaded, each day's curves and PUN
// prices, bills on the 1st, payments collected elsewhere, a message and a proposal to each customer,
// month-end readings; a customer opens requests in the portal (the events) and the ERP moves each
// through its phases. At the end the portal and the sink must agree: every event of the feed received
// (signature checked), once, in order, and every request's state in Pratiche the one the ERP set.
// Usage: node bench/erp-month.mjs [customers=10] [days=30]
// Figures: webhook delivery p99 (from the event's time to the sink's receipt) and events lost.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, freePort, startServer } from './lib/server.mjs';

const customers = Number(process.argv[2] ?? 10);
const days = Number(process.argv[3] ?? 30);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BRAND = 'sga';
const USERNAME = 'mariorossi';
const PASSWORD = 'Sportello2026!';

/** `npm run integration -- …` on the bench's data folder (the server stopped: PGlite has one holder). */
function cli(dataDir, args) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/modules/integration/cli.ts', ...args],
    {
      cwd: root,
      // The sink is on this machine: the development allowance for webhooks to loopback (ADR 048).
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEBHOOKS_ALLOW_LOOPBACK: 'true' },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`integration ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}
const field = (text, name) => new RegExp(`${name}:\\s+(\\S+)`).exec(text)?.[1];

// The sink: checks each signature, keeps each event with the time it arrived.
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
    received.push({ event: JSON.parse(body), at: Date.now() });
    res.writeHead(204).end();
  });
});
await new Promise((resolve) => sink.listen(sinkPort, '127.0.0.1', resolve));

// First start seeds the demo world; then the client and the webhook, then the server again.
let server = await startServer();
const dataDir = server.dataDir;
await server.stop({ keepData: true });
const client = cli(dataDir, [
  'client',
  'create',
  '--name',
  'bench-erp',
  '--scopes',
  'billing:write,crm:write,metering:write,market:write,events:read',
  '--brands',
  BRAND,
]);
const clientId = field(client, 'client_id');
const clientSecret = field(client, 'client_secret');
webhookSecret = field(
  cli(dataDir, ['webhook', 'add', clientId, '--brand', BRAND, '--url', `http://127.0.0.1:${sinkPort}/hook`]),
  'signing secret',
);
server = await startServer({ DATA_DIR: dataDir, JOBS_POLL_MS: '200', WEBHOOKS_ALLOW_LOOPBACK: 'true' });
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
const counts = { created: 0, updated: 0, unchanged: 0, stale: 0, refused: 0 };
const refusals = [];
/** `pathName` is the brand's (`readings/…`), or from the API's root (`/market/prices/…`: no brand's). */
async function erp(method, pathName, body, ndjson = false) {
  const res = await fetch(pathName.startsWith('/') ? `${B}${pathName}` : `${B}/brands/${BRAND}/${pathName}`, {
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
  for (const r of results) {
    counts[r.outcome] += 1;
    if (r.outcome === 'refused') refusals.push(`${pathName}: ${r.code}`);
  }
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

  // The customer who uses the portal: opens a request now and then, the ERP moves it on.
  const guest = await api(server.base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: BRAND } });
  const session = (
    await api(server.base, 'POST', 'portalapi/Core/v1/user/login', {
      sessionId: guest.id,
      body: { username: USERNAME, password: PASSWORD },
    })
  ).id;
  const own = (await api(server.base, 'GET', 'portalapi/Erp/v1/customers', { sessionId: session }))
    .customers[0];
  const contracts = (
    await api(server.base, 'GET', `portalapi/Erp/v1/contracts?customerKey=${own.key}`, { sessionId: session })
  ).contracts;
  const opened = new Map(); // request key → the state the ERP last set
  let version = 1;
  let asked = 0;

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
    // The customer asks for a new shipping address; the ERP takes it in hand, then closes it.
    const contract = contracts[d % contracts.length];
    const request = await fetch(`${server.base}/services/rest/portalapi/Erp/v1/requests/shippingAddress`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', sessionid: session },
      body: JSON.stringify({
        request: {
          contractKey: contract.key,
          shippingAddress: {
            streetName: 'Via Garibaldi',
            civicNumber: String(d),
            city: 'Roma',
            province: 'RM',
            postalCode: '00153',
          },
        },
      }),
    });
    // A contract with a change still open refuses another (409): that day the customer waits.
    if (request.ok) asked += 1;
    else if (request.status !== 409)
      throw new Error(`request refused: ${request.status} ${await request.text()}`);
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
      await erp('PUT', `requests/${key}`, {
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
  const deadline = Date.now() + 60_000;
  while (received.length < fromHook.length && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  const got = received.map((r) => r.event.cursor);
  const lost = fromHook.filter((e) => !got.includes(e.cursor)).length;
  const duplicates = got.length - new Set(got).size;
  const inOrder = got.every((c, i) => i === 0 || Number(c) > Number(got[i - 1]));
  const latencies = received.map((r) => r.at - Date.parse(r.event.occurredAt)).sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;

  // The portal: every request the customer opened is in Pratiche in the state the ERP set.
  const pratiche = (
    await api(server.base, 'GET', `portalapi/Erp/v1/requests?customerKey=${own.key}&pagingTake=500`, {
      sessionId: session,
    })
  ).requests;
  const disagree = [...opened].filter(
    ([key, state]) => pratiche.find((r) => r.key === key)?.Status !== state,
  );
  const openedEvents = new Set(
    received.filter((r) => r.event.kind === 'request.opened').map((r) => r.event.entityKey),
  );
  const notHeard = [...opened.keys()].filter((key) => !openedEvents.has(key));

  console.log(
    `month of ${days} days, ${customers} customers, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `records: ${JSON.stringify(counts)}${refusals.length ? ` refused: ${refusals.slice(0, 5).join(', ')}` : ''}`,
  );
  console.log(`requests opened in the portal and moved by the ERP: ${opened.size}`);
  console.log(
    `events in the feed since the webhook: ${fromHook.length}, received by the sink: ${got.length}`,
  );
  console.log(
    `events lost: ${lost}, received twice: ${duplicates}, in order: ${inOrder}, bad signatures: ${badSignatures}`,
  );
  console.log(
    `webhook delivery (event to sink): p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${latencies.at(-1) ?? 0} ms`,
  );
  console.log(
    `portal and sink agree: ${disagree.length === 0 && notHeard.length === 0 && lost === 0 ? 'yes' : `NO (${disagree.length} states, ${notHeard.length} requests unheard)`}`,
  );
  if (lost > 0 || disagree.length > 0 || notHeard.length > 0 || badSignatures > 0) process.exitCode = 1;
} finally {
  await server.stop();
  sink.close();
}
