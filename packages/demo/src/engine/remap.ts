// The generator links rows by ids it hands out itself (IdAllocator). Rows that enter through the ERP
// intake (customers, contracts, supplies, bills) are written with the database's own ids, so the rows
// the seed still writes around them (users, readings, meter groups…) have their references moved from
// the generator's ids to the written ones before they are copied.
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { RowBuffer } from './bulk.js';

/** Per referenced table, the generator's id of each row → the id it was written with. */
export type WrittenIds = Map<PgTable, Map<number, number>>;

/** The row properties of `table` that reference one of `referenced`, with the table they point at. */
function referencesOf(table: PgTable, referenced: ReadonlySet<PgTable>) {
  const propertyOf = new Map<PgColumn, string>(
    Object.entries(getTableColumns(table)).map(([property, column]) => [column as PgColumn, property]),
  );
  return getTableConfig(table).foreignKeys.flatMap((fk) => {
    const { columns, foreignTable } = fk.reference();
    const [column] = columns;
    return column && columns.length === 1 && referenced.has(foreignTable)
      ? [{ property: propertyOf.get(column)!, target: foreignTable }]
      : [];
  });
}

/**
 * Moves every reference of the buffered rows to a table in `written` onto the written id. A reference
 * to a row the intake did not write is a fault of the generator, and throws.
 */
export function remapReferences(buffer: RowBuffer, written: WrittenIds): void {
  const referenced = new Set(written.keys());
  for (const table of buffer.tables()) {
    for (const { property, target } of referencesOf(table, referenced)) {
      const ids = written.get(target)!;
      for (const row of buffer.pending(table) as Record<string, unknown>[]) {
        const from = row[property];
        if (from === null || from === undefined) continue;
        const to = ids.get(from as number);
        if (to === undefined)
          throw new Error(`${property} ${String(from)} was not written by the ERP intake`);
        row[property] = to;
      }
    }
  }
}
