// Invoices budgets: the invoice list of a customer with 3 supplies and 2 years of bills
// (bianchisrl), p95 ≤ 15 ms on PostgreSQL; the PDF bill p95 ≤ 200 ms when first drawn, ≤ 10 ms once kept.
// Usage: node bench/invoices.mjs [postgres://admin-url]   (default: PGlite; PostgreSQL gets a fresh database)
import { api, startServer } from './lib/server.mjs';
import { freshDatabase, summary, timed } from './lib/timing.mjs';

const adminUrl = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
const ERP = 'portalapi/Erp/v1';
const LIST_ROUNDS = 500;
const KEPT_ROUNDS = 200;

const { databaseUrl, drop: dropDatabase } = await freshDatabase(adminUrl);

const server = await startServer({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  LOGIN_MAX_ATTEMPTS_PER_USERNAME: '1000',
});
console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ready in ${server.readyMs.toFixed(0)} ms`);
try {
  const guest = await api(server.base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });
  const session = await api(server.base, 'POST', 'portalapi/Core/v1/user/login', {
    sessionId: guest.id,
    body: { username: 'bianchisrl', password: 'Sportello2026!' },
  });
  const sid = session.id;
  const { customers } = await api(server.base, 'GET', `${ERP}/customers`, { sessionId: sid });
  const customer = customers[0].key;
  const base = `${server.base}/services/rest/${ERP}`;

  // The same loop on a trivial authenticated call: on a busy machine, compare against this floor.
  const floor = [];
  for (let i = 0; i < LIST_ROUNDS; i++)
    floor.push((await timed(`${server.base}/services/rest/portalapi/Core/v1/modules`, sid)).ms);
  summary('floor: modules list (session check + one small query)', floor, 15);

  for (const [label, query] of [
    ['invoices list (page of 5, overdue first)', `customerId=${customer}&orderBy=overdueFirst`],
    [
      'invoices list (outstanding check, take 100)',
      `customerId=${customer}&outstandingOnly=true&pagingTake=100`,
    ],
  ]) {
    const samples = [];
    for (let i = 0; i < 20; i++) await timed(`${base}/invoices?${query}`, sid); // warm-up
    for (let i = 0; i < LIST_ROUNDS; i++) samples.push((await timed(`${base}/invoices?${query}`, sid)).ms);
    summary(label, samples, 15);
  }

  const all = (await timed(`${base}/invoices?customerId=${customer}&pagingTake=100`, sid)).data;
  console.log(`bianchisrl: ${all.count} bills`);
  const docs = (
    await timed(`${base}/documents?customerId=${customer}&documentType=invoice`, sid)
  ).data.documents
    .filter((d) => d.status === 'ready' && d.invoiceId)
    .map((d) => d.id);
  const first = [];
  for (const id of docs) first.push((await timed(`${base}/documents/${id}`, sid)).ms);
  summary(`PDF bill, first request (drawn and kept), ${docs.length} bills`, first, 200);
  const kept = [];
  for (let i = 0; i < KEPT_ROUNDS; i++)
    kept.push((await timed(`${base}/documents/${docs[i % docs.length]}`, sid)).ms);
  summary('PDF bill, kept', kept, 10);
} finally {
  await server.stop();
  await dropDatabase();
}
