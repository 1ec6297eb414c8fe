// COPY in text format: on PGlite from '/dev/blob', on PostgreSQL from STDIN (pg-copy-streams). It moves rows
// an order of magnitude faster than multi-row INSERTs with bind parameters.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { getTableColumns, getTableName, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The PGlite instance behind a Drizzle database, or null for node-postgres. */
export function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/** The node-postgres pool behind a Drizzle database (when it is not PGlite). */
export const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

// COPY's text format rather than CSV: JSON columns need no quote doubling there (a regex replace
// over every JSON value was a tenth of a bulk seed), and only these four characters are escaped.
const SPECIAL = /[\t\n\r\\]/;
const ESCAPES: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\\': '\\\\' };

// The seed's instants come from a few thousand dates and hours (engine/dates.ts romeInstant).
const isoTexts = new Map<number, string>();
function isoText(date: Date): string {
  const ms = date.getTime();
  let text = isoTexts.get(ms);
  if (text === undefined) {
    if (isoTexts.size >= 100_000) isoTexts.clear();
    text = date.toISOString();
    isoTexts.set(ms, text);
  }
  return text;
}

function textField(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return SPECIAL.test(value) ? value.replace(/[\t\n\r\\]/g, (c) => ESCAPES[c] ?? c) : value;
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'undefined':
      return '\\N';
  }
  if (value === null) return '\\N';
  if (value instanceof Date) return isoText(value);
  return textField(JSON.stringify(value));
}

/** How rows become COPY lines: `ids`, a leading `id` column a row; `defaults`, undefined left to its column's default. */
interface CopyOptions {
  ids?: readonly number[] | undefined;
  defaults?: boolean;
}

/**
 * One COPY per row shape: rows built at different places may set different optional columns; each
 * shape is copied separately so that omitted columns still get their database defaults. Rows of one
 * shape mostly come in runs, so a row is first compared with the previous row's keys. A line is the
 * joined array of its fields: concatenating field by field was three times slower. A row is read
 * once, into its keys and fields, not copied first (with its id, without its undefined values).
 */
function* textBatches<T extends PgTable>(
  table: T,
  rows: readonly InferInsertModel<T>[],
  { ids, defaults = false }: CopyOptions = {},
) {
  const columns = getTableColumns(table);
  const byShape = new Map<string, { keys: string[]; lines: string[] }>();
  let last: { keys: string[]; lines: string[] } | undefined;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    const keys: string[] = [];
    const fields: string[] = [];
    if (ids) {
      keys.push('id');
      fields.push(String(ids[r]));
    }
    for (const key in row) {
      const value = row[key];
      if (defaults && value === undefined) continue;
      keys.push(key);
      fields.push(textField(value));
    }
    if (!last || !sameKeys(last.keys, keys)) {
      const shape = keys.join(',');
      last = byShape.get(shape);
      if (!last) byShape.set(shape, (last = { keys, lines: [] }));
    }
    last.lines.push(fields.join('\t'));
  }
  for (const { keys, lines } of byShape.values()) {
    const names = keys.map((k) => {
      const column = columns[k];
      if (!column) throw new Error(`${getTableName(table)} has no column ${k}`);
      return `"${column.name}"`;
    });
    yield { target: `"${getTableName(table)}" (${names.join(', ')})`, lines: lines.join('\n') };
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export async function copyRows<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: readonly InferInsertModel<T>[],
  options?: CopyOptions,
) {
  for (const { target, lines } of textBatches(table, rows, options)) {
    await tx.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([lines]) });
  }
}

/** The same rows into PostgreSQL: COPY … FROM STDIN through pg-copy-streams, on one pooled client. */
export async function copyRowsPg<T extends PgTable>(
  client: pg.PoolClient,
  table: T,
  rows: readonly InferInsertModel<T>[],
  options?: CopyOptions,
) {
  for (const { target, lines } of textBatches(table, rows, options)) {
    const stream = client.query(copyFrom(`copy ${target} from stdin`));
    await pipeline(Readable.from([lines]), stream);
  }
}

/**
 * Rows by COPY on the connection of a Drizzle transaction, on either database, so they commit or roll
 * back with it (the initial load, ADR 046). Columns a row leaves undefined get their defaults; `ids`,
 * when given, are the rows' `id` column, in order.
 */
export async function copyInTransaction<T extends PgTable>(
  tx: Db,
  table: T,
  rows: readonly InferInsertModel<T>[],
  ids?: readonly number[],
) {
  if (rows.length === 0) return;
  const options = { ids, defaults: true };
  // Drizzle's transaction keeps its connection here: a pooled node-postgres client or PGlite's.
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  if (client instanceof pg.Client) await copyRowsPg(client as pg.PoolClient, table, rows, options);
  else await copyRows(client as Transaction, table, rows, options);
}
