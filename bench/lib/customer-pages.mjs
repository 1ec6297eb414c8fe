// What bench/explain.mjs and bench/scale-queries.mjs share: the server in-process on a seeded
// PostgreSQL database (DATABASE_URL), a customer's login, the GETs of a customer's usual pages, and
// the SQL statements (with their parameters) one such GET sends.
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openPostgres } from '@sportello/db/client';

const CORE = 'portalapi/Core/v1';
const ERP = 'portalapi/Erp/v1';
/** Every generated customer (clienteN) and demo account has this password (packages/demo). */
const DEMO_PASSWORD = 'Sportello2026!';

export async function openServer(url) {
  if (!url) throw new Error('DATABASE_URL is not set: point it at a database seeded with --customers N');
  const database = await openPostgres(url, 2, () => undefined);
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'silent',
      JOBS_POLL_MS: '0',
      DATABASE_URL: url,
      // Every sampled login opens a guest session from inject's one address: runs back to back
      // would otherwise meet the per-address limit.
      GUEST_SESSIONS_PER_ADDRESS: '1000000',
    }),
    database,
  );
  const pool = database.db.$client;

  async function get(pathAndQuery, sessionId) {
    const res = await app.inject({
      method: 'GET',
      url: `/services/rest/${pathAndQuery}`,
      headers: { sessionid: sessionId },
    });
    if (res.statusCode !== 200) throw new Error(`${pathAndQuery}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  }

  async function post(pathAndQuery, body, sessionId) {
    const res = await app.inject({
      method: 'POST',
      url: `/services/rest/${pathAndQuery}`,
      headers: sessionId ? { sessionid: sessionId } : {},
      payload: { request: body },
    });
    if (res.statusCode !== 200) throw new Error(`${pathAndQuery}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  }

  return {
    app,
    db: database.db,
    pool,
    get,
    /** Logs `username` in on a fresh guest session: the session id and the login's milliseconds. */
    async login(username) {
      const guest = await post(`${CORE}/sessions`, { company: 'sga' });
      const started = performance.now();
      const { id } = await post(`${CORE}/user/login`, { username, password: DEMO_PASSWORD }, guest.id);
      return { sid: id, ms: performance.now() - started };
    },

    /** A customer's usual pages (dashboard, supplies, bills, readings, documents, payments, messages). */
    async pagesOf(sid) {
      const { customers } = await get(`${ERP}/customers`, sid);
      const customer = customers[0].key;
      const supply = (await get(`${ERP}/supplies?customerKey=${customer}`, sid)).supplies[0]?.key;
      const invoice = (await get(`${ERP}/invoices?customerId=${customer}`, sid)).invoices[0]?.key;
      return Object.entries({
        session: `${CORE}/sessions/${sid}`,
        'customers-list': `${ERP}/customers`,
        customer: `${ERP}/customers/${customer}`,
        'contracts-list': `${ERP}/contracts?customerKey=${customer}`,
        'supplies-list': `${ERP}/supplies?customerKey=${customer}`,
        'invoices-list': `${ERP}/invoices?customerId=${customer}`,
        'invoices-list-overdue-first': `${ERP}/invoices?customerId=${customer}&orderBy=overdueFirst`,
        'documents-list': `${ERP}/documents?customerId=${customer}`,
        'payments-list': `${ERP}/payments?customerId=${customer}`,
        'messages-list': `${ERP}/messages?customerKey=${customer}`,
        'notifications-list': `${CORE}/notifications`,
        // A customer whose contracts all started last month has no bill yet.
        ...(supply && {
          supply: `${ERP}/supplies/${supply}`,
          'readings-list': `${ERP}/readings?supplyKey=${supply}`,
        }),
        ...(invoice && {
          invoice: `${ERP}/invoices/${invoice}`,
          'invoice-detail': `${ERP}/invoices/${invoice}/detail`,
        }),
      });
    },

    /**
     * The reading statements GET `page` sends, in order, each with its parameters, and the GET's
     * failure if it failed (its statements ran all the same: a response can fail after them).
     */
    async statementsOf(page, sid) {
      const statements = [];
      const original = pool.query;
      pool.query = function (query, values) {
        const text = typeof query === 'string' ? query : query.text;
        if (/^\s*(select|with)\b/i.test(text))
          statements.push({ text, values: values ?? query.values ?? [] });
        return original.apply(this, arguments);
      };
      try {
        await get(page, sid);
        return { statements, failure: null };
      } catch (err) {
        return { statements, failure: err.message };
      } finally {
        pool.query = original;
      }
    },

    /** Table name → rows, for the tables over 10,000 rows. */
    async bigTables() {
      const { rows } = await pool.query(`
        select relname as name, reltuples::bigint as rows, pg_size_pretty(pg_total_relation_size(oid)) as size
        from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and reltuples > 10000
        order by reltuples desc`);
      return rows;
    },

    async close() {
      await app.close();
      await database.close();
    },
  };
}
