// A supply as the ERP sends it (the integration module's import, ADR 036), keyed by its ERP key
// (`supplies.ext_key`, which the portal's useExtKey calls name): created, or brought up to date.
import { anyOf, textArray } from '@sportello/db/arrays';
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { supplies } from '@sportello/db/schema';
import { supplyRow, type SupplySpec } from '@sportello/demo/world';
import { insertWithIds } from '../../platform/insert-many.js';

export async function saveSupplyFromErp(tx: Db, spec: SupplySpec, existingId: number | null) {
  const values = supplyRow(spec);
  if (existingId !== null) {
    const { key: _key, customerId: _owner, contractId: _contract, nickname: _nickname, ...changes } = values;
    await tx.update(supplies).set(changes).where(eq(supplies.id, existingId));
    return existingId;
  }
  const [row] = await tx.insert(supplies).values(values).returning({ id: supplies.id });
  return row!.id;
}

/** The supply an ERP key names, whoever loaded it (ext keys are unique across brands). */
export async function supplyIdByExtKey(tx: Db, extKey: string) {
  const [row] = await tx.select({ id: supplies.id }).from(supplies).where(eq(supplies.extKey, extKey));
  return row?.id ?? null;
}

/** New supplies at once (the initial load, ADR 046): answers their ids in the specs' order. */
export const insertSuppliesFromErp = (tx: Db, specs: readonly SupplySpec[]) =>
  insertWithIds(tx, supplies, specs.map(supplyRow));

/** Of these ERP keys, the ones a supply already has (whatever the brand). */
export async function supplyExtKeysTaken(tx: Db, extKeys: readonly string[]) {
  if (extKeys.length === 0) return new Set<string>();
  const rows = await tx
    .select({ extKey: supplies.extKey })
    .from(supplies)
    .where(anyOf(supplies.extKey, textArray(extKeys)));
  return new Set(rows.map((r) => r.extKey));
}
