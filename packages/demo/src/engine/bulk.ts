// Collects generated rows per table and writes them with COPY, one transaction per flush (@sportello/db/copy).
// Ids are assigned here rather than by the sequences, so related rows can be built in
// memory without a round trip per parent; syncSequences realigns the sequences afterwards.
import { getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@sportello/db/client';
import * as s from '@sportello/db/schema';
import { copyRows, copyRowsPg, pgliteOf, poolOf } from '@sportello/db/copy';

/** Parents before children, so every foreign key already exists when its row arrives. */
export const INSERT_ORDER: readonly PgTable[] = [
  s.companies,
  s.companyModules,
  s.confProperties,
  s.offers,
  s.brandServices,
  s.streets,
  s.quotations,
  s.customers,
  s.users,
  s.delegations,
  s.contracts,
  s.supplies,
  s.meterGroups,
  s.readingWindows,
  s.readings,
  s.consumptions,
  s.maintenanceContracts,
  s.maintenanceVisits,
  s.maintenanceDocuments,
  s.documents,
  s.invoices,
  s.invoiceSections,
  s.billEInvoices,
  s.installments,
  s.payments,
  s.insolvencies,
  s.requests,
  s.proposals,
  s.messages,
  s.workflowTasks,
  s.delegationRequests,
  s.notifications,
  s.links,
  s.complaints,
  s.complaintSuspendedBills,
  s.priceChanges,
];

/** Tables whose `id` is a bigserial: their ids come from IdAllocator. */
export const SERIAL_TABLES: readonly PgTable[] = INSERT_ORDER.filter((t) => 'id' in t);

export class IdAllocator {
  private readonly last = new Map<PgTable, number>();

  /** Continues after the highest ids already in the database, to add rows beside existing ones. */
  static async after(db: Db): Promise<IdAllocator> {
    const ids = new IdAllocator();
    for (const table of SERIAL_TABLES) {
      const [row] = await db.select({ max: sql<number>`coalesce(max(id), 0)::int` }).from(table);
      ids.last.set(table, row?.max ?? 0);
    }
    return ids;
  }

  next(table: PgTable): number {
    const id = (this.last.get(table) ?? 0) + 1;
    this.last.set(table, id);
    return id;
  }
}

export class RowBuffer {
  private rows = new Map<PgTable, unknown[]>();

  /** `written` is shared with the buffer this one was detached from, so counts() covers both. */
  constructor(private readonly written = new Map<string, number>()) {}

  add<T extends PgTable>(table: T, ...rows: InferInsertModel<T>[]): void {
    let list = this.rows.get(table);
    if (!list) this.rows.set(table, (list = []));
    for (const row of rows) list.push(row);
  }

  /** The rows of a table buffered and not yet flushed. */
  pending<T extends PgTable>(table: T): readonly InferInsertModel<T>[] {
    return (this.rows.get(table) ?? []) as InferInsertModel<T>[];
  }

  /** Takes a table's buffered rows out of the buffer (rows another path writes: the ERP intake). */
  take<T extends PgTable>(table: T): InferInsertModel<T>[] {
    const rows = (this.rows.get(table) ?? []) as InferInsertModel<T>[];
    this.rows.delete(table);
    return rows;
  }

  /** The tables with rows buffered. */
  tables(): PgTable[] {
    return [...this.rows.keys()];
  }

  /**
   * Moves everything buffered into a new buffer, to be written later (after the rows it refers to),
   * while this one takes the next batch; what the new one writes counts here too.
   */
  detach(): RowBuffer {
    const detached = new RowBuffer(this.written);
    detached.rows = this.rows;
    this.rows = new Map();
    return detached;
  }

  /** Counts rows of a table written by another path (the ERP intake). */
  countWritten(table: PgTable, rows: number): void {
    const name = getTableName(table);
    this.written.set(name, (this.written.get(name) ?? 0) + rows);
  }

  /**
   * Writes everything buffered in one transaction. The buffer is emptied at once, so the caller may
   * go on adding the next batch while this one is written (start the next flush only after this one).
   */
  async flush(db: Db): Promise<void> {
    const batch = this.rows;
    this.rows = new Map();
    const pending = INSERT_ORDER.filter((t) => (batch.get(t)?.length ?? 0) > 0);
    if (pending.length === 0) return;
    const rowsOf = (table: PgTable) => batch.get(table) as InferInsertModel<typeof table>[];
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
      const client = await poolOf(db).connect();
      try {
        await client.query('begin');
        await client.query('set local synchronous_commit = off');
        for (const table of pending) await copyRowsPg(client, table, rowsOf(table));
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    }
    for (const table of pending) this.countWritten(table, rowsOf(table).length);
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
