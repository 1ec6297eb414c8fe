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
 * and answers how to build them again, in the order `restoreAfterLoad` needs. The primary and unique
 * keys of `keepKeysOf` stay: the ERP intake looks its keys up in them as it loads (and a duplicate
 * key fails its batch there and then).
 */
export async function dropForLoad(db: Db, keepKeysOf: readonly string[]): Promise<DroppedObject[]> {
  const pool = poolOf(db);
  const { rows } = await pool.query<DroppedObject>(
    `
    select 'index' as kind, i.indexname as name, i.tablename as "table", i.indexdef as definition
    from pg_indexes i
    join pg_class c on c.relname = i.indexname and c.relnamespace = 'public'::regnamespace
    join pg_index x on x.indexrelid = c.oid
    where i.schemaname = 'public'
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
      and i.tablename <> 'towns'
      and not (x.indisunique and i.tablename = any($1::text[]))
    union all
    select case k.contype when 'p' then 'primary key' when 'u' then 'unique' else 'foreign key' end,
           k.conname, k.conrelid::regclass::text, pg_get_constraintdef(k.oid)
    from pg_constraint k
    where k.connamespace = 'public'::regnamespace and k.contype in ('p', 'u', 'f')
      and k.conrelid <> 'towns'::regclass
      and not (k.contype in ('p', 'u') and k.conrelid::regclass::text = any($1::text[]))
    order by 1, 2`,
    [keepKeysOf],
  );
  // Foreign keys first: they point at the keys dropped after them.
  const order = ['foreign key', 'unique', 'primary key', 'index'] as const;
  for (const kind of order) {
    for (const o of rows.filter((r) => r.kind === kind)) {
      await pool.query(
        kind === 'index' ? `drop index "${o.name}"` : `alter table ${o.table} drop constraint "${o.name}"`,
      );
    }
  }
  return rows;
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
