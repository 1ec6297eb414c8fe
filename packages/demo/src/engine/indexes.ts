// Bulk loads into PostgreSQL build the secondary indexes once, after the rows are in: keeping them
// during a COPY of millions of rows updates every index row by row, building them after sorts once.
// Primary keys and constraint-backed indexes stay (the rows' own ids and foreign keys rely on them).
import { sql } from 'drizzle-orm';
import type { Db } from '@sportello/server/db/client';
import { poolOf } from './copy.js';

export interface DroppedIndex {
  name: string;
  definition: string;
}

/** Drops the public schema's secondary indexes (PostgreSQL only) and answers how to build them again. */
export async function dropSecondaryIndexes(db: Db): Promise<DroppedIndex[]> {
  const { rows } = await poolOf(db).query<DroppedIndex>(`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    join pg_class c on c.relname = i.indexname and c.relnamespace = 'public'::regnamespace
    where i.schemaname = 'public'
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
      and i.tablename <> 'towns'
    order by i.indexname`);
  for (const { name } of rows) await db.execute(sql.raw(`drop index "${name}"`));
  return rows;
}

export async function buildIndexes(db: Db, indexes: readonly DroppedIndex[]): Promise<void> {
  for (const { definition } of indexes) await db.execute(sql.raw(definition));
  // Fresh statistics, so the first queries after the seed already plan with the indexes.
  await db.execute(sql`analyze`);
}
