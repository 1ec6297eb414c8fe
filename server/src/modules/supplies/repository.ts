// SQL for supplies, their offers and meter groups. A supply is always read with its contract's
// reference in the same statement; a list is one statement whatever its length.
import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { byIdOrKey } from '../../db/ids.js';
import { contracts, meterGroups, offers, supplies } from '../../db/schema/index.js';

export type SupplyRow = Omit<typeof supplies.$inferSelect, 'technicalData'> & {
  technicalData?: (typeof supplies.$inferSelect)['technicalData'];
};
export type SupplyWithContract = { supply: SupplyRow; contract: { id: number; key: string; number: string } };
export type OfferRow = typeof offers.$inferSelect;
export type MeterGroupRow = typeof meterGroups.$inferSelect;

/** The status the ERP gives a supply being delivered (contracts use 'Attivo'). */
export const ACTIVE_SUPPLY_STATUS = 'Attiva';

const { technicalData: _technicalData, ...supplyColumnsWithoutTechnicalData } = getTableColumns(supplies);
const contractRef = { id: contracts.id, key: contracts.key, number: contracts.number };

export function createSuppliesRepository(db: Db) {
  return {
    /**
     * One page of a customer's supplies and the total, in one statement: the window count is
     * computed before LIMIT/OFFSET. Technical data stays out of lists.
     */
    async listByCustomer(
      customerId: number,
      options: { activeOnly: boolean; skip: number; take: number },
    ): Promise<{ count: number; rows: SupplyWithContract[] }> {
      const where = and(
        eq(supplies.customerId, customerId),
        options.activeOnly ? eq(supplies.status, ACTIVE_SUPPLY_STATUS) : undefined,
      );
      const rows = await db
        .select({
          supply: supplyColumnsWithoutTechnicalData,
          contract: contractRef,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(supplies)
        .innerJoin(contracts, eq(contracts.id, supplies.contractId))
        .where(where)
        .orderBy(asc(supplies.id))
        .limit(options.take)
        .offset(options.skip);
      if (rows.length > 0 || options.skip === 0) {
        return {
          count: rows[0]?.total ?? 0,
          rows: rows.map(({ supply, contract }) => ({ supply, contract })),
        };
      }
      // A page past the end has no row to carry the total.
      const [total] = await db.select({ value: count() }).from(supplies).where(where);
      return { count: total?.value ?? 0, rows: [] };
    },

    /** By id or key; by the ERP key instead with `useExtKey`. */
    async find(idOrKey: string, options: { useExtKey: boolean }): Promise<SupplyWithContract | undefined> {
      const match: SQL | undefined = options.useExtKey
        ? eq(supplies.extKey, idOrKey)
        : byIdOrKey(supplies.id, supplies.key, idOrKey);
      const [row] = await db
        .select({ supply: supplies, contract: contractRef })
        .from(supplies)
        .innerJoin(contracts, eq(contracts.id, supplies.contractId))
        .where(match)
        .limit(1);
      return row;
    },

    async setNickname(id: number, nickname: string | null): Promise<void> {
      await db.update(supplies).set({ nickname }).where(eq(supplies.id, id));
    },

    /**
     * An offer by id (or ERP key) and whether a supply of one of `customerIds` uses it: an offer
     * is only shown to customers who have it.
     */
    async findOffer(
      idOrKey: string,
      options: { useExtKey: boolean; customerIds: number[] },
    ): Promise<{ offer: OfferRow; used: boolean } | undefined> {
      const match = options.useExtKey
        ? eq(offers.extKey, idOrKey)
        : byIdOrKey(offers.id, offers.key, idOrKey);
      const used =
        options.customerIds.length === 0
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${supplies} where ${and(
              eq(supplies.offerId, offers.id),
              inArray(supplies.customerId, options.customerIds),
            )})`;
      const [row] = await db.select({ offer: offers, used }).from(offers).where(match).limit(1);
      return row;
    },

    async meterGroupOf(supplyId: number): Promise<MeterGroupRow | undefined> {
      const [row] = await db.select().from(meterGroups).where(eq(meterGroups.supplyId, supplyId)).limit(1);
      return row;
    },
  };
}

export type SuppliesRepository = ReturnType<typeof createSuppliesRepository>;
