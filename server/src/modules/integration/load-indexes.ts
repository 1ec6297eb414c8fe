// The tables an initial load writes and what it does to them beside it (ADR 046, 057). A load keeps
// every index and foreign key: the tables are every brand's, and the brands already live query them
// while a new one loads (ADR 057). It refreshes the tables' statistics as they grow. The demo seed, on a
// database of its own, still sets aside every index but the loader's lookups (LOOKUP_KEYS). A loader
// before ADR 057 set indexes aside and wrote them down (`integration_load_indexes`); a list one of them
// left when killed is built again before the next load writes anything.
import { sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { pgliteOf } from '@sportello/db/copy';
import { integrationLoadIndexes } from '@sportello/db/schema';

/** The tables a load of each kind writes. */
export const LOAD_TABLES = {
  customers: ['customers', 'contracts', 'supplies', 'meter_groups', 'integration_records'],
  bills: ['invoices', 'invoice_sections', 'installments', 'documents', 'integration_records'],
} as const;

/**
 * The keys a load looks records up by, as `table(column, …)` (initial-load.ts: the records held,
 * client codes, supply and bill ERP keys, a bill's contract; and, once a batch, the point codes and bill
 * numbers the brand already holds): a load keeps them while it sets every other index aside, and so
 * does the demo seed, which sets aside every other key too (ADR 046 item 11).
 */
export const LOOKUP_KEYS: readonly string[] = [
  'integration_records(company_code, kind, ext_key)',
  'customers(company_code, customer_code)',
  'supplies(ext_key)',
  'invoices(company_code, ext_key)',
  'contracts(id)',
  'supplies(point_code)',
  'invoices(number)',
];

/**
 * Fresh statistics of the tables a load writes. Loaded from nothing, they grow by millions of rows the
 * planner has never counted: it read the brand's client codes (one of the unique index's two columns)
 * by scanning every customer of the brand, once a batch, and the load slowed as the brand grew.
 */
export async function refreshStatistics(db: Db, tables: readonly string[]): Promise<void> {
  for (const t of tables) await db.execute(sql.raw(`analyze "${t}"`));
}

/**
 * Builds again whatever a killed load of the loader before ADR 057 set aside, the indexes first and
 * the foreign keys after, each checked over its whole table, in one transaction with forgetting them.
 */
export async function restoreIndexes(db: Db): Promise<void> {
  if (pgliteOf(db)) return;
  const tables = await db.transaction(async (tx) => {
    const rows = await tx.select().from(integrationLoadIndexes).for('update');
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const kind of ['index', 'foreign key'])
      for (const r of rows.filter((o) => o.kind === kind))
        await tx.execute(
          sql.raw(
            kind === 'index'
              ? r.definition
              : `alter table "${r.tableName}" add constraint "${r.name}" ${r.definition}`,
          ),
        );
    await tx.delete(integrationLoadIndexes);
    return [...new Set(rows.map((r) => r.tableName))];
  });
  // Fresh statistics, so the first queries after the load plan with the indexes.
  await refreshStatistics(db, tables);
}
