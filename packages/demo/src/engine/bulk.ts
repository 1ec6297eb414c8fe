// Collects generated rows per table and writes them with multi-row INSERTs, one transaction per
// flush (COPY on PGlite, multi-row INSERT on PostgreSQL). Ids are assigned here rather than by the sequences, so related rows can be built in
// memory without a round trip per parent; syncSequences realigns the sequences afterwards.
import { getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@sportello/server/db/client';
import * as s from '@sportello/server/db/schema';
import { copyRows, pgliteOf } from './copy.js';

/** Parents before children, so every foreign key already exists when its row arrives. */
export const INSERT_ORDER: readonly PgTable[] = [
  s.companies,
  s.companyModules,
  s.confProperties,
  s.offers,
  s.streets,
  s.quotations,
  s.customers,
  s.users,
  s.delegations,
  s.contracts,
  s.supplies,
  s.meterGroups,
  s.readings,
  s.consumptions,
  s.maintenanceContracts,
  s.documents,
  s.invoices,
  s.invoiceSections,
  s.installments,
  s.payments,
  s.insolvencies,
  s.requests,
  s.proposals,
  s.messages,
  s.workflowTasks,
  s.notifications,
  s.links,
];

/** Tables whose `id` is a bigserial: their ids come from IdAllocator. */
export const SERIAL_TABLES: readonly PgTable[] = INSERT_ORDER.filter((t) => 'id' in t);

// PostgreSQL accepts at most 65,535 bind parameters per statement.
const MAX_PARAMETERS = 60_000;
const MAX_ROWS_PER_STATEMENT = 1000;

type Executor = Pick<Db, 'insert'>;

export async function insertChunked<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly InferInsertModel<T>[],
) {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).length;
  const size = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as PgInsertValue<T>[]);
  }
}

export class IdAllocator {
  private readonly last = new Map<PgTable, number>();

  next(table: PgTable): number {
    const id = (this.last.get(table) ?? 0) + 1;
    this.last.set(table, id);
    return id;
  }
}

export class RowBuffer {
  private readonly rows = new Map<PgTable, unknown[]>();
  private readonly written = new Map<string, number>();

  add<T extends PgTable>(table: T, ...rows: InferInsertModel<T>[]): void {
    let list = this.rows.get(table);
    if (!list) this.rows.set(table, (list = []));
    for (const row of rows) list.push(row);
  }

  /** Writes everything buffered in one transaction and empties the buffer. */
  async flush(db: Db): Promise<void> {
    const pending = INSERT_ORDER.filter((t) => (this.rows.get(t)?.length ?? 0) > 0);
    if (pending.length === 0) return;
    const rowsOf = (table: PgTable) => this.rows.get(table) as InferInsertModel<typeof table>[];
    const pglite = pgliteOf(db);
    if (pglite) {
      await pglite.transaction(async (tx) => {
        // The rows are consistent by construction: skipping the per-row foreign-key triggers
        // for this transaction roughly halves the load time on PGlite (always a superuser).
        await tx.query('set local session_replication_role = replica');
        await tx.query('set local synchronous_commit = off');
        for (const table of pending) await copyRows(tx, table, rowsOf(table));
      });
    } else {
      await db.transaction(async (tx) => {
        for (const table of pending) await insertChunked(tx, table, rowsOf(table));
      });
    }
    for (const table of pending) {
      const name = getTableName(table);
      this.written.set(name, (this.written.get(name) ?? 0) + (this.rows.get(table)?.length ?? 0));
      this.rows.set(table, []);
    }
  }

  /** Rows written so far, by table name. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.written].sort(([a], [b]) => a.localeCompare(b)));
  }
}

/** After explicit ids, each sequence must continue past the highest id or the next insert collides. */
export async function syncSequences(db: Db): Promise<void> {
  for (const table of SERIAL_TABLES) {
    const name = getTableName(table);
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce(max(id), 0) + 1, false) from "${name}"`,
      ),
    );
  }
}
