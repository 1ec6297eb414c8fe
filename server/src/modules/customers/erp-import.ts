// A customer as the ERP sends it (the integration module's import, ADR 036): created, or its row
// brought up to the newer version. The integration module decides versions; this only writes.
import { anyOf, textArray } from '@sportello/db/arrays';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { customers } from '@sportello/db/schema';
import { customerRow, type CustomerSpec } from '@sportello/db/rows';
import { insertWithIds } from '../../platform/insert-many.js';

/** Writes the customer in the caller's transaction; answers its id. */
export async function saveCustomerFromErp(tx: Db, spec: CustomerSpec, existingId: number | null) {
  const values = customerRow(spec);
  if (existingId !== null) {
    const { key: _key, companyCode: _company, ...changes } = values;
    await tx.update(customers).set(changes).where(eq(customers.id, existingId));
    return existingId;
  }
  const [row] = await tx.insert(customers).values(values).returning({ id: customers.id });
  return row!.id;
}

/** The customer of a brand with this client code, if any (a code is unique in its brand). */
export async function customerIdByCode(tx: Db, companyCode: string, customerCode: string) {
  const rows = await tx
    .select({ id: customers.id, companyCode: customers.companyCode, customerCode: customers.customerCode })
    .from(customers)
    .where(eq(customers.customerCode, customerCode));
  return rows.find((r) => r.companyCode === companyCode)?.id ?? null;
}

/** New customers at once (the initial load, ADR 046): answers their ids in the specs' order. */
export const insertCustomersFromErp = (tx: Db, specs: readonly CustomerSpec[]) =>
  insertWithIds(tx, customers, specs.map(customerRow));

/** Of these client codes, the ones a customer of the brand already has. */
export async function customerCodesTaken(tx: Db, companyCode: string, codes: readonly string[]) {
  if (codes.length === 0) return new Set<string>();
  const rows = await tx
    .select({ code: customers.customerCode })
    .from(customers)
    .where(and(eq(customers.companyCode, companyCode), anyOf(customers.customerCode, textArray(codes))));
  return new Set(rows.map((r) => r.code));
}
