// Cost that grows with the work, not with the data: every GET of the contract is sent
// as in contract-statements.test.ts (same calls, same inputs), the SQL statements it sends are captured
// with their parameters, and PostgreSQL's plan of each is compared at two data sizes: the fixture plus
// SMALL generated customers, then plus LARGE more (the seed engine, another brand, ANALYZE after each).
// The plans must keep their shape, and none may need a sequential scan of a table the load grew.
// PostgreSQL only: PGlite is not what production plans with.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { allCalls } from '@sportello/contract';
import type { Db } from '@sportello/db/client';
import { erpIntake } from '../src/erp-intake.js';
import { loginAs, testConfig } from './app.js';
import { TOKENS, USERNAMES, identifiers, send, validInput } from './access-world.js';
import { databaseKinds } from './databases.js';
import { captureQueries, useSupplyTestApp, type Statement } from './supply-fixture.js';

const SMALL = 1_000;
const LARGE = 5_000;
const TODAY = '2026-11-23';
/**
 * Tables that grow with customers in production even where the generated customers add few rows:
 * a sequential scan over one of them fails too, whether or not the load grew it here.
 */
const PER_CUSTOMER = [
  'customers',
  'users',
  'sessions',
  'delegations',
  'contracts',
  'supplies',
  'invoices',
  'installments',
  'payments',
  'readings',
  'consumptions',
  'documents',
  'messages',
  'notifications',
  'requests',
  'proposals',
  'links',
  'maintenance_contracts',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The plan without its estimates: node types, the tables and indexes they read, nested. */
function shape(node: PlanNode): string {
  // A bitmap scan of one index and an index scan of it read the same index: the planner picks between
  // them by how many rows it expects, which grows with the data, so they count as one access path.
  const [only] = node.Plans ?? [];
  if (
    node['Node Type'] === 'Bitmap Heap Scan' &&
    node.Plans?.length === 1 &&
    only?.['Node Type'] === 'Bitmap Index Scan'
  )
    return `Index Scan on ${node['Relation Name']} using ${only['Index Name']}`;
  const table = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const children = (node.Plans ?? []).map(shape);
  return `${node['Node Type']}${table}${index}${children.length ? ` (${children.join(', ')})` : ''}`;
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

const EXPLAINABLE = /^\s*(select|with|insert|update|delete)\b/i;

type Pool = { connect(): Promise<Client> };
type Client = {
  query(text: string, values?: unknown[]): Promise<{ rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[] }>;
  release(): void;
};

/**
 * The plans of these statements, with sequential scans priced out (`enable_seqscan = off`): at a test's
 * sizes a table of a few pages is cheaper to read whole, so the planner's choice there flips with the
 * size while nothing is wrong; with them off, PostgreSQL takes an index wherever one serves the query,
 * as it does at production size, and a Seq Scan left in a plan means that no index can serve it.
 */
async function plans(db: Db, statements: readonly Statement[]): Promise<PlanNode[]> {
  const client = await (db as unknown as { $client: Pool }).$client.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const out = [];
    for (const { text, values } of statements) {
      const { rows } = await client.query(`explain (format json) ${text}`, values);
      out.push(rows[0]!['QUERY PLAN'][0]!.Plan);
    }
    return out;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

async function tableSizes(db: Db): Promise<Map<string, number>> {
  const { rows } = (await db.execute(
    sql`select relname as name, reltuples::bigint as n from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r'`,
  )) as unknown as { rows: { name: string; n: string }[] };
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

const gets = allCalls.filter((c) => c.method === 'GET');

if (!databaseKinds.includes('postgres')) {
  describe('query plans at two data sizes', () => {
    it('are checked on PostgreSQL only: TEST_DATABASE_URL is not set, and PGlite plans are not production’s', () => {
      expect(process.env.TEST_DATABASE_URL).toBeFalsy();
    });
  });
} else {
  describe('query plans of every GET at two data sizes, on postgres', () => {
    const ctx = useSupplyTestApp('postgres');
    /** Per call, the statements of one request and their plan shapes at the small size. */
    const statements = new Map<string, { statement: Statement; small: string }[]>();
    const plansAtLarge = new Map<string, PlanNode[]>();
    let grown: Set<string>;

    beforeAll(async () => {
      const session = await loginAs(ctx.app, USERNAMES.owner);
      const ids = identifiers(ctx, { owner: session, delegate: session, other: session, guest: session });
      // Other brands' customers (one brand per load): the fixture's sga rows stay as the access suite
      // knows them, while every table a customer brings grows.
      const { appendGeneratedCustomers } = await import('@sportello/demo');
      const grow = async (customers: number, companyCode: 'sgr' | 'ast') => {
        await appendGeneratedCustomers(ctx.db, {
          customers,
          today: TODAY,
          companyCode,
          intake: erpIntake(ctx.db, testConfig()),
        });
        await ctx.db.execute(sql`analyze`);
      };
      await grow(SMALL, 'sgr');
      const before = await tableSizes(ctx.db);
      for (const c of gets) {
        const input = validInput(c, 'owner', ids);
        // A token call is made with the owner's personal token (ADR 037), as in contract-statements.
        const credential = c.access === 'token' ? TOKENS.owner : session;
        const warm = await send(ctx.app, c, input, credential);
        expect(warm.statusCode, `${c.name}: ${warm.body}`).toBe(200);
        const sent = await captureQueries(ctx.db, () => send(ctx.app, c, input, credential));
        const explainable = sent.filter((s) => EXPLAINABLE.test(s.text));
        const small = await plans(ctx.db, explainable);
        statements.set(
          c.name,
          explainable.map((statement, i) => ({ statement, small: shape(small[i]!) })),
        );
      }
      await grow(LARGE, 'ast');
      const after = await tableSizes(ctx.db);
      grown = new Set([
        ...PER_CUSTOMER,
        ...[...after].filter(([name, n]) => n > (before.get(name) ?? 0) * 2).map(([name]) => name),
      ]);
      for (const [name, list] of statements) {
        plansAtLarge.set(
          name,
          await plans(
            ctx.db,
            list.map((s) => s.statement),
          ),
        );
      }
    }, 240_000);

    it('grows the tables a customer brings', async () => {
      const sizes = await tableSizes(ctx.db);
      for (const table of [
        'customers',
        'users',
        'contracts',
        'supplies',
        'invoices',
        'readings',
        'documents',
      ])
        expect(sizes.get(table), table).toBeGreaterThan(LARGE);
    });

    it.each(gets.map((c) => [c.name] as const))('%s', (name) => {
      const list = statements.get(name) ?? [];
      const large = plansAtLarge.get(name) ?? [];
      list.forEach(({ statement, small }, i) => {
        const plan = large[i]!;
        expect(shape(plan), `plan changed with the data size for:\n${statement.text}`).toBe(small);
        const scanned = seqScans(plan).filter((table) => grown.has(table));
        expect(scanned, `sequential scan over a growing table in:\n${statement.text}`).toEqual([]);
      });
    });
  });
}
