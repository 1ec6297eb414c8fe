// A contract as the ERP sends it (the integration module's import, ADR 036): created, or brought up to
// the newer version, its direct debit mandate included. Its customer never changes (ADR 027: owners
// never change).
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { contracts } from '@sportello/db/schema';
import { contractRow, type ContractSpec } from '@sportello/db/rows';
import { insertWithIds } from '../../platform/insert-many.js';

export async function saveContractFromErp(tx: Db, spec: ContractSpec, existingId: number | null) {
  const values = contractRow(spec);
  if (existingId !== null) {
    const { key: _key, companyCode: _company, customerId: _owner, ...changes } = values;
    await tx.update(contracts).set(changes).where(eq(contracts.id, existingId));
    return existingId;
  }
  const [row] = await tx.insert(contracts).values(values).returning({ id: contracts.id });
  return row!.id;
}

/** New contracts at once (the initial load, ADR 046): answers their ids in the specs' order. */
export const insertContractsFromErp = (tx: Db, specs: readonly ContractSpec[]) =>
  insertWithIds(tx, contracts, specs.map(contractRow));
