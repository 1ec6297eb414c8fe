// A supply as the ERP sends it (the integration module's import, ADR 036), keyed by its ERP key
// (`supplies.ext_key`, which the portal's useExtKey calls name): created, or brought up to date, with
// its meter (`meter_groups`, one a supply: written, replaced, or removed when the ERP says none).
import { anyOf, textArray } from '@sportello/db/arrays';
import { and, eq, type InferInsertModel } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { contracts, meterGroups, supplies } from '@sportello/db/schema';
import { supplyRow, type SupplySpec } from '@sportello/db/rows';
import { insertMany, insertWithIds } from '../../platform/insert-many.js';

/** A supply's meter: its meter_groups row but the supply. */
export type ErpMeter = Omit<InferInsertModel<typeof meterGroups>, 'id' | 'supplyId'>;
/** A supply as the ERP sends it, with its meter (null: none). */
export type ErpSupply = SupplySpec & { meter: ErpMeter | null };

export async function saveSupplyFromErp(tx: Db, erp: ErpSupply, existingId: number | null) {
  const { meter, ...spec } = erp;
  const values = supplyRow(spec);
  let id: number;
  if (existingId !== null) {
    const { key: _key, customerId: _owner, contractId: _contract, nickname: _nickname, ...changes } = values;
    await tx.update(supplies).set(changes).where(eq(supplies.id, existingId));
    id = existingId;
  } else {
    const [row] = await tx.insert(supplies).values(values).returning({ id: supplies.id });
    id = row!.id;
  }
  if (meter)
    await tx
      .insert(meterGroups)
      .values({ supplyId: id, ...meter })
      .onConflictDoUpdate({ target: meterGroups.supplyId, set: meter });
  else if (existingId !== null) await tx.delete(meterGroups).where(eq(meterGroups.supplyId, id));
  return id;
}

/** The supply an ERP key names, whoever loaded it (ext keys are unique across brands). */
export async function supplyIdByExtKey(tx: Db, extKey: string) {
  const [row] = await tx.select({ id: supplies.id }).from(supplies).where(eq(supplies.extKey, extKey));
  return row?.id ?? null;
}

/** New supplies with their meters at once (the initial load, ADR 046): answers their ids in order. */
export async function insertSuppliesFromErp(tx: Db, specs: readonly ErpSupply[]) {
  const ids = await insertWithIds(
    tx,
    supplies,
    specs.map(({ meter: _meter, ...spec }) => supplyRow(spec)),
  );
  await insertMany(
    tx,
    meterGroups,
    specs.flatMap((s, i) => (s.meter ? [{ supplyId: ids[i]!, ...s.meter }] : [])),
  );
  return ids;
}

/** Of these ERP keys, the ones a supply already has (whatever the brand). */
export async function supplyExtKeysTaken(tx: Db, extKeys: readonly string[]) {
  if (extKeys.length === 0) return new Set<string>();
  const rows = await tx
    .select({ extKey: supplies.extKey })
    .from(supplies)
    .where(anyOf(supplies.extKey, textArray(extKeys)));
  return new Set(rows.map((r) => r.extKey));
}

/**
 * The brand's supplies on these point codes (POD, PDR), with their periods and customer: one statement
 * for a record's or a batch's points (index supplies_point_code_idx), so the import can refuse a point
 * supplied twice at once.
 */
export async function suppliesOnPoints(tx: Db, companyCode: string, pointCodes: readonly string[]) {
  if (pointCodes.length === 0) return [];
  return tx
    .select({
      extKey: supplies.extKey,
      pointCode: supplies.pointCode,
      customerId: supplies.customerId,
      activationDate: supplies.activationDate,
      deactivationDate: supplies.deactivationDate,
    })
    .from(supplies)
    .innerJoin(contracts, eq(contracts.id, supplies.contractId))
    .where(
      and(eq(contracts.companyCode, companyCode), anyOf(supplies.pointCode, textArray(new Set(pointCodes)))),
    );
}
