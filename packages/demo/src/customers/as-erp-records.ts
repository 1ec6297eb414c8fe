// The generated customers as the supplier's ERP would send them (issue 27: one way data enters): each
// customer of a batch with its contracts and supplies, as a record of the integration API's
// `customerRecord`, parsed by that schema before the batch is written, so the seed writes no customer
// the initial load would refuse. The seed still writes its own rows (with the bills, readings and users
// the ERP's records do not carry) by its COPY.
import { integration } from '@sportello/contract';
import { contracts, customers, supplies } from '@sportello/db/schema';
import type { RowBuffer } from '../engine/bulk.js';

function byOwner<T>(rows: readonly T[], owner: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(owner(row));
    if (list) list.push(row);
    else map.set(owner(row), [row]);
  }
  return map;
}

/** Parses the buffered customers as ERP records; throws, naming the customer and fields, on a refusal. */
export function checkAsErpRecords(buffer: RowBuffer): void {
  const suppliesOf = byOwner(buffer.pending(supplies), (s) => s.contractId);
  const contractsOf = byOwner(buffer.pending(contracts), (c) => c.customerId);
  for (const c of buffer.pending(customers)) {
    const record = {
      version: 1,
      customerCode: c.customerCode,
      customerType: c.customerType,
      name: c.name,
      firstName: c.firstName,
      lastName: c.lastName,
      fiscalCode: c.fiscalCode,
      vatNumber: c.vatNumber,
      email: c.email,
      phoneMobile: c.phoneMobile,
      contracts: (contractsOf.get(c.id!) ?? []).map((k) => ({
        extKey: k.key,
        number: k.number,
        name: k.name,
        startDate: k.startDate,
        endDate: k.endDate,
        supplies: (suppliesOf.get(k.id!) ?? []).map((s) => ({
          extKey: s.extKey,
          commodity: s.commodity,
          pointCode: s.pointCode,
          address: s.address,
          postalCode: s.postalCode,
          locality: s.locality,
          province: s.province,
          activationDate: s.activationDate,
          deactivationDate: s.deactivationDate,
        })),
      })),
    };
    const parsed = integration.customerRecord.safeParse(record);
    if (!parsed.success)
      throw new Error(
        `generated customer ${c.key} is not a valid ERP record: ` +
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
  }
}
