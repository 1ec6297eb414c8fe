// An initial load into an empty brand (ADR 046) on PostgreSQL sets aside the indexes the loader does
// not look keys up by and the foreign keys of the tables it writes, and builds them again at its end:
// with them, every copied row updates each index in place and runs a lookup per foreign key, and the
// rate falls as the tables grow; built after, each index is one sort and each foreign key one join
// (which still refuses a bad row). The unique indexes and primary keys stay: they are the loader's
// lookups (a key held, a client code taken) and its guard against duplicates. What was set aside is
// written down in the same transaction as the drop, so a load killed meanwhile leaves the list for the
// next run, which builds them at its end.
import { sql } from 'drizzle-orm';
import { textArray } from '@sportello/db/arrays';
import type { Db } from '@sportello/db/client';
import { pgliteOf } from '@sportello/db/copy';
import { integrationLoadIndexes } from '@sportello/db/schema';

type Row = typeof integrationLoadIndexes.$inferSelect;

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

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Sets aside the non-unique indexes and the foreign keys of `tables` when `empty` says the brand holds
 * nothing of the kind loaded (PostgreSQL only: PGlite's loads are small). Answers whether it did.
 */
export async function setAsideIndexes(
  db: Db,
  tables: readonly string[],
  empty: (tx: Db) => Promise<boolean>,
): Promise<boolean> {
  if (pgliteOf(db)) return false;
  return db.transaction(async (tx) => {
    if (!(await empty(tx))) return false;
    const list = sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    );
    const rows = rowsOf(
      await tx.execute(sql`
        select i.indexname as name, i.tablename as "tableName", 'index' as kind, i.indexdef as definition
        from pg_indexes i
        join pg_class c on c.relname = i.indexname and c.relnamespace = 'public'::regnamespace
        join pg_index x on x.indexrelid = c.oid
        where i.schemaname = 'public' and i.tablename in (${list}) and not x.indisunique
          and i.tablename || '(' || (
            select string_agg(a.attname, ', ' order by k.position)
            from unnest(x.indkey) with ordinality as k(attnum, position)
            join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
          ) || ')' <> all(${textArray(LOOKUP_KEYS)})
        union all
        select k.conname, k.conrelid::regclass::text, 'foreign key', pg_get_constraintdef(k.oid)
        from pg_constraint k
        where k.connamespace = 'public'::regnamespace and k.contype = 'f'
          and k.conrelid::regclass::text in (${list})`),
    );
    if (rows.length === 0) return false;
    await tx.insert(integrationLoadIndexes).values(rows).onConflictDoNothing();
    for (const r of rows)
      await tx.execute(
        sql.raw(
          r.kind === 'index'
            ? `drop index "${r.name}"`
            : `alter table "${r.tableName}" drop constraint "${r.name}"`,
        ),
      );
    return true;
  });
}

/**
 * Fresh statistics of the tables a load writes. Loaded from nothing, they grow by millions of rows the
 * planner has never counted: it read the brand's client codes (one of the unique index's two columns)
 * by scanning every customer of the brand, once a batch, and the load slowed as the brand grew.
 */
export async function refreshStatistics(db: Db, tables: readonly string[]): Promise<void> {
  for (const t of tables) await db.execute(sql.raw(`analyze "${t}"`));
}

/**
 * Builds again whatever a load set aside (this run's or a killed one's), the indexes first and the
 * foreign keys after, each checked over its whole table, in one transaction with forgetting them.
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
