// SQL for supplies, their offers and meter groups. A supply is always read with its contract's
// reference in the same statement; a list is one statement whatever its length.
import { ACTIVE_SUPPLY_STATUS } from '@sportello/domain';
import { and, asc, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey, byIdOrKeyPlaceholder, idOrKeyParams } from '@sportello/db/ids';
import { contracts, customers, meterGroups, offers, supplies } from '@sportello/db/schema';

export type SupplyRow = Omit<typeof supplies.$inferSelect, 'technicalData'> & {
  technicalData?: (typeof supplies.$inferSelect)['technicalData'];
};
export type SupplyWithContract = { supply: SupplyRow; contract: { id: number; key: string; number: string } };
export type OfferRow = typeof offers.$inferSelect;
export type MeterGroupRow = typeof meterGroups.$inferSelect;

const { technicalData: _technicalData, ...supplyColumnsWithoutTechnicalData } = getTableColumns(supplies);
const contractRef = { id: contracts.id, key: contracts.key, number: contracts.number };

const activeOnlyCondition = sql`(not ${sql.placeholder('activeOnly')} or ${supplies.status} = ${ACTIVE_SUPPLY_STATUS})`;

export function createSuppliesRepository(db: Db) {
  const listOfCustomer = db
    .select({
      supply: supplyColumnsWithoutTechnicalData,
      contract: contractRef,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(supplies)
    .innerJoin(contracts, eq(contracts.id, supplies.contractId))
    .innerJoin(customers, eq(customers.id, supplies.customerId))
    .where(and(byIdOrKeyPlaceholder(customers.id, customers.key), activeOnlyCondition))
    .orderBy(asc(supplies.id))
    .limit(sql.placeholder('take'))
    .offset(sql.placeholder('skip'))
    .prepare('supplies_list_of_customer');
  const findBy = (match: SQL | undefined, name: string) =>
    db
      .select({ supply: supplies, contract: contractRef })
      .from(supplies)
      .innerJoin(contracts, eq(contracts.id, supplies.contractId))
      .where(match)
      .limit(1)
      .prepare(name);
  const findById = findBy(byIdOrKeyPlaceholder(supplies.id, supplies.key), 'supply_by_id');
  const findByExtKey = findBy(eq(supplies.extKey, sql.placeholder('idOrKey')), 'supply_by_ext_key');

  return {
    /**
     * One page of the supplies of a customer (id or key), and the total, in one prepared statement:
     * the window count is computed before LIMIT/OFFSET. No row answers `undefined`: the caller tells
     * an unknown customer from an empty page with `countByCustomer`. Technical data stays out of lists.
     */
    async listOfCustomer(
      customerIdOrKey: string,
      options: { activeOnly: boolean; skip: number; take: number },
    ): Promise<{ count: number; rows: SupplyWithContract[] } | undefined> {
      const rows = await listOfCustomer.execute({ ...idOrKeyParams(customerIdOrKey), ...options });
      const [first] = rows;
      if (!first) return undefined;
      return { count: first.total, rows: rows.map(({ supply, contract }) => ({ supply, contract })) };
    },

    /** The total alone, for a page past the end (it has no row to carry it). */
    async countByCustomer(customerId: number, activeOnly: boolean): Promise<number> {
      const [total] = await db
        .select({ value: count() })
        .from(supplies)
        .where(and(eq(supplies.customerId, customerId), activeOnlyCondition))
        .execute({ activeOnly });
      return total?.value ?? 0;
    },

    /** By id or key (by the ERP key instead with `useExtKey`): one prepared statement. */
    async find(idOrKey: string, useExtKey: boolean): Promise<SupplyWithContract | undefined> {
      const [row] = await (useExtKey ? findByExtKey : findById).execute(idOrKeyParams(idOrKey));
      return row;
    },

    async setNickname(id: number, nickname: string | null): Promise<void> {
      await db.update(supplies).set({ nickname }).where(eq(supplies.id, id));
    },

    /** An offer by id or key (or ERP key). */
    async findOffer(idOrKey: string, useExtKey: boolean): Promise<OfferRow | undefined> {
      const match = useExtKey ? eq(offers.extKey, idOrKey) : byIdOrKey(offers.id, offers.key, idOrKey);
      const [row] = await db.select().from(offers).where(match).limit(1);
      return row;
    },

    async meterGroupOf(supplyId: number): Promise<MeterGroupRow | undefined> {
      const [row] = await db.select().from(meterGroups).where(eq(meterGroups.supplyId, supplyId)).limit(1);
      return row;
    },
  };
}

export type SuppliesRepository = ReturnType<typeof createSuppliesRepository>;
