// Many rows at once inside a transaction (the initial load, ADR 046): COPY on its connection, on PGlite
// and PostgreSQL alike; rows whose ids are needed get them from their table's sequence first.
import { getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@sportello/db/client';
import { copyInTransaction } from '@sportello/db/copy';

/** Inserts the rows, answering nothing. */
export const insertMany = <T extends PgTable>(tx: Db, table: T, rows: readonly InferInsertModel<T>[]) =>
  copyInTransaction(tx, table, rows);

/** Inserts rows of a table with a serial `id`, answering their ids in the rows' order. */
export async function insertWithIds<T extends PgTable>(
  tx: Db,
  table: T,
  rows: readonly InferInsertModel<T>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const { rows: taken } = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::text as id
        from generate_series(1, ${rows.length})`,
  )) as unknown as { rows: { id: string }[] };
  const ids = taken.map((r) => Number(r.id));
  await copyInTransaction(tx, table, rows, ids);
  return ids;
}
