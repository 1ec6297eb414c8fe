// Bulk loads into PostgreSQL build the secondary indexes and check the constraints once, after the rows
// are in: keeping them during a COPY of millions of rows updates every index row by row and runs a
// foreign-key trigger (one lookup in the parent) per row; building them afterwards sorts once and checks
// each foreign key with one join. The primary keys go too (the seed allocates the ids itself, and a
// duplicate still fails the seed when they are built again). A profile of 20,000 customers showed the
// seed process idle 70 % of the time, waiting on PostgreSQL.
import type { Db } from '@sportello/db/client';
import { poolOf } from '@sportello/db/copy';

export interface DroppedObject {
  kind: 'index' | 'primary key' | 'unique' | 'foreign key';
  name: string;
  table: string;
  definition: string;
}

/**
 * Drops the public schema's indexes and key constraints, the towns' excepted (PostgreSQL only),
 * and answers how to build them again, in the order `restoreAfterLoad` needs. The keys and indexes
 * named in `keep`, as `table(column, …)`, stay: the ERP intake looks its keys up in them as it loads (and
 * a duplicate fails its batch there and then); the rest are checked when they are built again.
 */
export async function dropForLoad(db: Db, keep: readonly string[]): Promise<DroppedObject[]> {
  const pool = poolOf(db);
  // Each object with the columns its index covers, in order (none for an expression's).
  const { rows } = await pool.query<DroppedObject & { keyColumns: string | null }>(`
    with index_columns as (
      select x.indexrelid,
             string_agg(a.attname, ', ' order by k.position) as columns
      from pg_index x
      cross join unnest(x.indkey) with ordinality as k(attnum, position)
      join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
      group by x.indexrelid
    )
    select 'index' as kind, i.indexname as name, i.tablename as "table", i.indexdef as definition,
           u.columns as "keyColumns"
    from pg_indexes i
    join pg_class c on c.relname = i.indexname and c.relnamespace = 'public'::regnamespace
    left join index_columns u on u.indexrelid = c.oid
    where i.schemaname = 'public'
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
      and i.tablename <> 'towns'
    union all
    select case k.contype when 'p' then 'primary key' when 'u' then 'unique' else 'foreign key' end,
           k.conname, k.conrelid::regclass::text, pg_get_constraintdef(k.oid),
           case when k.contype in ('p', 'u') then u.columns end
    from pg_constraint k
    left join index_columns u on u.indexrelid = k.conindid
    where k.connamespace = 'public'::regnamespace and k.contype in ('p', 'u', 'f')
      and k.conrelid <> 'towns'::regclass
    order by 1, 2`);
  const kept = new Set(keep);
  const dropped = rows
    .filter((o) => o.keyColumns === null || !kept.has(`${o.table}(${o.keyColumns})`))
    .map(({ keyColumns: _columns, ...o }) => o);
  // Foreign keys first: they point at the keys dropped after them.
  const order = ['foreign key', 'unique', 'primary key', 'index'] as const;
  for (const kind of order) {
    for (const o of dropped.filter((r) => r.kind === kind)) {
      await pool.query(
        kind === 'index' ? `drop index "${o.name}"` : `alter table ${o.table} drop constraint "${o.name}"`,
      );
    }
  }
  return dropped;
}

/**
 * Builds the keys and indexes again, then the foreign keys (each checked over the
 * whole table, so a bad row still fails the seed), and refreshes the statistics.
 */
export async function restoreAfterLoad(db: Db, dropped: readonly DroppedObject[]): Promise<void> {
  const pool = poolOf(db);
  const statement = (o: DroppedObject) =>
    o.kind === 'index' ? o.definition : `alter table ${o.table} add constraint "${o.name}" ${o.definition}`;
  const run = async (list: readonly DroppedObject[], connections: number) => {
    const queue = [...list];
    const worker = async () => {
      const client = await pool.connect();
      try {
        await client.query(`set maintenance_work_mem = '256MB'`);
        for (let o = queue.shift(); o; o = queue.shift()) await client.query(statement(o));
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
  };
  await run(
    dropped.filter((o) => o.kind !== 'foreign key'),
    2,
  );
  // One at a time: adding a foreign key locks its parent table too, and two could wait on each other.
  await run(
    dropped.filter((o) => o.kind === 'foreign key'),
    1,
  );
  // Fresh statistics, so the first queries after the seed already plan with the indexes.
  await pool.query('analyze');
}
