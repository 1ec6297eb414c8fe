// SQL for contracts. A contract's address is the address of its first supply, and its latest
// shipping-address request tells whether a change is in progress: both are read in the same query
// (lateral joins) so a list of contracts stays one statement.
import { REQUEST_TYPE } from '@sportello/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { contracts, requests, supplies } from '@sportello/db/schema';

export type ContractRow = typeof contracts.$inferSelect;
export type ContractAddress = { address: string; postalCode: string; locality: string; province: string };
export type LatestRequest = { status: string; payload: Record<string, unknown> | null; createdDate: Date };
export type ContractWithAddress = {
  contract: ContractRow;
  address: ContractAddress | null;
  latestShippingRequest: LatestRequest | null;
};

export function createContractsRepository(db: Db) {
  const firstSupply = db
    .select({
      address: supplies.address,
      postalCode: supplies.postalCode,
      locality: supplies.locality,
      province: supplies.province,
    })
    .from(supplies)
    .where(eq(supplies.contractId, contracts.id))
    .orderBy(asc(supplies.id))
    .limit(1)
    .as('first_supply');

  // Served by the index requests_contract_type_idx (contract, type, created).
  const latestShipping = db
    .select({ status: requests.status, payload: requests.payload, createdDate: requests.createdDate })
    .from(requests)
    .where(and(eq(requests.contractId, contracts.id), eq(requests.requestType, REQUEST_TYPE.shippingAddress)))
    .orderBy(desc(requests.createdDate), desc(requests.id))
    .limit(1)
    .as('latest_shipping');

  const withAddress = () =>
    db
      .select({
        contract: contracts,
        address: {
          address: firstSupply.address,
          postalCode: firstSupply.postalCode,
          locality: firstSupply.locality,
          province: firstSupply.province,
        },
        latestShippingRequest: {
          status: latestShipping.status,
          payload: latestShipping.payload,
          createdDate: latestShipping.createdDate,
        },
      })
      .from(contracts)
      .leftJoinLateral(firstSupply, sql`true`)
      .leftJoinLateral(latestShipping, sql`true`);

  return {
    async listByCustomer(
      customerId: number,
      page: { skip: number; take: number },
    ): Promise<{ count: number; rows: ContractWithAddress[] }> {
      const where = eq(contracts.customerId, customerId);
      const [rows, [total]] = await Promise.all([
        withAddress().where(where).orderBy(asc(contracts.id)).limit(page.take).offset(page.skip),
        db.select({ value: count() }).from(contracts).where(where),
      ]);
      return { count: total?.value ?? 0, rows };
    },

    /** What decides the personal area of these customers (ADR 066): each contract's status and end. */
    endsOf: (customerIds: number[]) =>
      customerIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              customerId: contracts.customerId,
              status: contracts.status,
              endDate: contracts.endDate,
            })
            .from(contracts)
            .where(inArray(contracts.customerId, customerIds)),

    async byIdOrKey(idOrKey: string): Promise<ContractWithAddress | undefined> {
      const [row] = await withAddress()
        .where(byIdOrKey(contracts.id, contracts.key, idOrKey))
        .limit(1);
      return row;
    },

    /** The bare row, locked for the rest of the transaction `tx` (bank-debit changes). */
    async lockById(tx: Db, id: number): Promise<ContractRow | undefined> {
      const [row] = await tx.select().from(contracts).where(eq(contracts.id, id)).for('update');
      return row;
    },

    async setBanking(tx: Db, id: number, banking: ContractRow['banking']): Promise<void> {
      await tx.update(contracts).set({ banking }).where(eq(contracts.id, id));
    },
  };
}

export type ContractsRepository = ReturnType<typeof createContractsRepository>;
