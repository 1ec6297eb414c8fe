// The customer-care console's one search box (ADR 041): p50/p99 of
// GET /services/rest/staff/v1/customers?q=… in-process, on a seeded PostgreSQL database, by kind of
// query: a name with one letter wrong (trigram index), a fiscal code, a POD/PDR, a bill number, an
// e-mail. The goal is p99 ≤ 100 ms at 1,000,000 customers. Also prints PostgreSQL's plan of one name
// search's words step (the words index must be used, no sequential scan of customers).
// Usage: DATABASE_URL=postgres://… node --import tsx bench/staff-search.mjs [searches per kind, default 200]
//   (seed first: DATABASE_URL=… npm run seed -- --customers 100000)
import { createStaffAccount } from '../server/src/modules/staff/accounts.ts';
import { createStaffRepository } from '../server/src/modules/staff/repository.ts';
import { totpCode } from '../server/src/modules/staff/totp.ts';
import { Rng } from '../packages/demo/src/engine/prng.ts';
import { openServer } from './lib/customer-pages.mjs';
import { percentile } from './lib/timing.mjs';

const PER_KIND = Number(process.argv[2] ?? 200);
const GOAL_P99_MS = 100;
const url = process.env.DATABASE_URL;

const { app, db, pool, close } = await openServer(url);
const {
  rows: [{ customers }],
} = await pool.query('select count(*)::int as customers from customers');

// A bench account of every brand: staff accounts and their audit outlive a demo reset (ADR 041).
const password = `bench-${Date.now()}-password`;
const username = `bench.${Date.now()}`;
const { rows: brands } = await pool.query('select code from companies');
const account = await createStaffAccount(db, createStaffRepository(db), {
  username,
  displayName: 'Bench',
  password,
  role: 'operator',
  brands: brands.map((b) => b.code),
});
const login = await app.inject({
  method: 'POST',
  url: '/services/rest/staff/v1/login',
  payload: { request: { username, password, code: totpCode(account.secret, new Date()) } },
});
if (login.statusCode !== 200) throw new Error(`staff login: ${login.body}`);
const staffSessionId = login.json().data.id;

const rng = Rng.of('staff-search', customers);
/** One letter of a name replaced: what a typo does. */
function misspell(name) {
  const letters = [...name];
  const at = rng.int(1, Math.max(1, letters.length - 2));
  letters[at] = letters[at] === 'a' ? 'e' : 'a';
  return letters.join('');
}

const { rows: sample } = await pool
  .query(
    `select c.name, c.fiscal_code, c.email,
          (select point_code from supplies s where s.customer_id = c.id limit 1) as pod,
          (select number from invoices i where i.customer_id = c.id limit 1) as bill
   from customers c tablesample system_rows($1)`,
    [PER_KIND],
  )
  .catch(async () =>
    // tsm_system_rows is not always installed: random ids instead.
    pool.query(
      `select c.name, c.fiscal_code, c.email,
            (select point_code from supplies s where s.customer_id = c.id limit 1) as pod,
            (select number from invoices i where i.customer_id = c.id limit 1) as bill
     from customers c where c.id = any($1::bigint[])`,
      [Array.from({ length: PER_KIND }, () => rng.int(1, customers))],
    ),
  );

const kinds = {
  'name, one letter wrong': sample.map((r) => misspell(r.name)),
  'fiscal code': sample.map((r) => r.fiscal_code),
  'POD/PDR': sample.map((r) => r.pod),
  'bill number': sample.map((r) => r.bill),
  'e-mail': sample.map((r) => r.email),
};

async function search(q) {
  const started = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: `/services/rest/staff/v1/customers?q=${encodeURIComponent(q)}`,
    headers: { staffsessionid: staffSessionId },
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`search ${q}: ${res.statusCode} ${res.body}`);
  return { ms, found: res.json().data.length };
}

// Warm-up: the first statements plan and fill the caches.
for (const q of kinds['fiscal code'].filter(Boolean).slice(0, 20)) await search(q);

console.log(
  `staff search on ${customers} customers, ${sample.length} searches per kind (goal p99 ≤ ${GOAL_P99_MS} ms)`,
);
const all = [];
for (const [kind, queries] of Object.entries(kinds)) {
  const times = [];
  let empty = 0;
  for (const q of queries.filter((v) => v && v.length >= 2)) {
    const { ms, found } = await search(q);
    times.push(ms);
    if (found === 0) empty++;
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  console.log(
    `${kind.padEnd(24)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p99 ${percentile(times, 0.99).toFixed(1)} ms  (${times.length} searches, ${empty} found nothing)`,
  );
}
all.sort((a, b) => a - b);
const p99 = percentile(all, 0.99);
console.log(
  `${'all'.padEnd(24)} p50 ${percentile(all, 0.5).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  ${p99 <= GOAL_P99_MS ? 'within' : 'OVER'} the goal`,
);

// The name search's first step (ADR 041 §7): each typed word's name words, then the customers holding
// one of them for every typed word, by customers_name_words_idx (never a sequential scan of customers).
const name = kinds['name, one letter wrong'][0].toLowerCase();
const [first, second = first] = name.split(' ').filter((w) => w.length >= 3);
const { rows: plan } = await pool.query(
  `explain select id from customers
   where string_to_array(lower(name), ' ') && array(select word from customer_name_words where word % $1)
     and string_to_array(lower(name), ' ') && array(select word from customer_name_words where word % $2)`,
  [first, second],
);
console.log(
  `plan of a name search's words ("${name}"):\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`,
);

await close();
