// Many rows in few statements (the initial load, ADR 046): a multi-row INSERT per chunk, each chunk as
// large as PostgreSQL's bind limit allows, on PGlite and PostgreSQL alike.
import type { Db } from '@sportello/db/client';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';

/** PostgreSQL binds at most 65,535 parameters a statement; a chunk stays below that. */
const MAX_PARAMETERS = 60_000;

function chunked<T extends object>(rows: readonly T[]): T[][] {
  const columns = Math.max(1, ...rows.slice(0, 1).map((r) => Object.keys(r).length));
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += size) parts.push(rows.slice(i, i + size));
  return parts;
}

/** Inserts the rows, answering nothing. */
export async function insertMany<T extends PgTable>(tx: Db, table: T, rows: readonly PgInsertValue<T>[]) {
  for (const part of chunked(rows)) await tx.insert(table).values(part);
}

/**
 * Inserts rows that each carry a unique `key`, answering their ids in the rows' order (matched by key:
 * PostgreSQL does not promise RETURNING's order).
 */
export async function insertManyKeyed<T extends PgTable>(
  tx: Db,
  table: T,
  columns: { id: PgColumn; key: PgColumn },
  rows: readonly (PgInsertValue<T> & { key: string })[],
): Promise<number[]> {
  const ids = new Map<string, number>();
  for (const part of chunked(rows)) {
    const written = (await tx.insert(table).values(part).returning({ id: columns.id, key: columns.key })) as {
      id: number;
      key: string;
    }[];
    for (const row of written) ids.set(row.key, row.id);
  }
  return rows.map((row) => ids.get(row.key)!);
}
