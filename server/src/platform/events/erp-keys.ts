// The ERP's keys of portal rows, for the events that name them (ADR 050): the supplier's systems read
// an event by their own keys, with the portal's id beside them. A row the ERP never loaded has none.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { integrationRecords } from '@sportello/db/schema';

/** The kinds of row an event names by the ERP's key (the integration records' kinds). */
export type KeyedKind = 'customer' | 'contract' | 'supply' | 'bill' | 'proposal';

/** The ERP's key of each id of a kind that has one (read in the caller's transaction). */
export async function erpKeysOf(
  tx: Db,
  kind: KeyedKind,
  ids: readonly (number | null | undefined)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ entityId: integrationRecords.entityId, extKey: integrationRecords.extKey })
    .from(integrationRecords)
    .where(and(eq(integrationRecords.kind, kind), inArray(integrationRecords.entityId, wanted)));
  return new Map(rows.map((r) => [r.entityId, r.extKey]));
}

/** The ERP's key of one row, or null. */
export async function erpKeyOf(tx: Db, kind: KeyedKind, id: number | null | undefined) {
  if (typeof id !== 'number') return null;
  return (await erpKeysOf(tx, kind, [id])).get(id) ?? null;
}
