// SQL for contracts. A contract's address is the address of its first supply, read in the same
// query (lateral join) so a list of contracts stays one statement.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { byIdOrKey } from '../../db/ids.js';
import { contracts, supplies } from '../../db/schema/index.js';

export type ContractRow = typeof contracts.$inferSelect;
export type ContractAddress = { address: string; postalCode: string; locality: string; province: string };
export type ContractWithAddress = { contract: ContractRow; address: ContractAddress | null };

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
      })
      .from(contracts)
      .leftJoinLateral(firstSupply, sql`true`);

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
