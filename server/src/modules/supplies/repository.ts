// SQL for supplies, their offers and meter groups. A supply is always read with its contract's
// reference in the same statement; a list is one statement whatever its length.
import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey, byIdOrKeyPlaceholder, idOrKeyParams } from '@sportello/db/ids';
import { contracts, customers, meterGroups, offers, supplies } from '@sportello/db/schema';
import { reachedCustomerIds } from '../customers/reach.js';
import { askingSession, askingUserId, sessionRead, type AskerParams } from '../sessions/asking-session.js';
import type { SessionWithUserRow } from '../../platform/sessions/session-store.js';

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

const activeOnlyCondition = sql`(not ${sql.placeholder('activeOnly')} or ${supplies.status} = ${ACTIVE_SUPPLY_STATUS})`;

export function createSuppliesRepository(db: Db) {
  const reached = inArray(supplies.customerId, reachedCustomerIds(db));
  const listReached = db
    .select({
      supply: supplyColumnsWithoutTechnicalData,
      contract: contractRef,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      asking: askingSession,
    })
    .from(supplies)
    .innerJoin(contracts, eq(contracts.id, supplies.contractId))
    .innerJoin(customers, eq(customers.id, supplies.customerId))
    .where(
      and(
        byIdOrKeyPlaceholder(customers.id, customers.key),
        inArray(supplies.customerId, reachedCustomerIds(db, askingUserId)),
        activeOnlyCondition,
      ),
    )
    .orderBy(asc(supplies.id))
    .limit(sql.placeholder('take'))
    .offset(sql.placeholder('skip'))
    .prepare('supplies_list_reached');
  const findReachedBy = (match: SQL | undefined, name: string) =>
    db
      .select({ supply: supplies, contract: contractRef, reached: sql<boolean>`${reached}` })
      .from(supplies)
      .innerJoin(contracts, eq(contracts.id, supplies.contractId))
      .where(match)
      .limit(1)
      .prepare(name);
  const findReachedById = findReachedBy(byIdOrKeyPlaceholder(supplies.id, supplies.key), 'supply_reached');
  const findReachedByExtKey = findReachedBy(
    eq(supplies.extKey, sql.placeholder('idOrKey')),
    'supply_reached_ext',
  );

  return {
    /**
     * One page of the supplies of a customer (id or key) the user reaches, and the total, in one
     * prepared statement: the window count is computed before LIMIT/OFFSET, the ownership is a
     * condition of the same statement. No row answers `undefined`: the caller tells an unknown or
     * refused customer from an empty page with `countByCustomer`. Technical data stays out of lists.
     * Asked by a session, the statement reads that session too (`read`, for the route to decide on).
     */
    async listReached(
      asker: AskerParams,
      customerIdOrKey: string,
      options: { activeOnly: boolean; skip: number; take: number },
    ): Promise<
      { count: number; rows: SupplyWithContract[]; read: SessionWithUserRow | undefined } | undefined
    > {
      const rows = await listReached.execute({ ...asker, ...idOrKeyParams(customerIdOrKey), ...options });
      const [first] = rows;
      if (!first) return undefined;
      return {
        count: first.total,
        rows: rows.map(({ supply, contract }) => ({ supply, contract })),
        read: sessionRead(first.asking),
      };
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

    /**
     * By id or key (by the ERP key instead with `useExtKey`), with whether the user reaches its
     * customer: one prepared statement.
     */
    async findReached(
      userId: number,
      idOrKey: string,
      useExtKey: boolean,
    ): Promise<(SupplyWithContract & { reached: boolean }) | undefined> {
      const [row] = await (useExtKey ? findReachedByExtKey : findReachedById).execute({
        userId,
        ...idOrKeyParams(idOrKey),
      });
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
