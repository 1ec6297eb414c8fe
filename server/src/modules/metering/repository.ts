// SQL every metering use case starts from: a supply with its meter group and offer, and whether the
// asker reaches it; a supply's name and customer for an announcement.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKeyPlaceholder, idOrKeyParams } from '@sportello/db/ids';
import { meterGroups, offers, supplies } from '@sportello/db/schema';
import { reachedCustomerIds } from '../customers/reach.js';
import { askingSession, askingUserId, sessionRead, type AskerParams } from '../sessions/asking-session.js';

export function createMeteringRepository(db: Db) {
  const supplyReached = db
    .select({
      supply: supplies,
      meter: meterGroups,
      offer: offers,
      reached: sql<boolean>`${supplies.customerId} in (${reachedCustomerIds(db, askingUserId)})`,
      asking: askingSession,
    })
    .from(supplies)
    .leftJoin(meterGroups, eq(meterGroups.supplyId, supplies.id))
    .leftJoin(offers, eq(offers.id, supplies.offerId))
    .where(byIdOrKeyPlaceholder(supplies.id, supplies.key))
    .limit(1)
    .prepare('metering_supply_reached');

  return {
    /**
     * The supply with its meter group and offer, whether the asker reaches its customer, and the
     * asking session (when a session asks): one prepared statement.
     */
    async findSupplyReached(asker: AskerParams, idOrKey: string) {
      const [row] = await supplyReached.execute({ ...asker, ...idOrKeyParams(idOrKey) });
      return row && { ...row, read: sessionRead(row.asking) };
    },

    async supplyRef(supplyId: number) {
      const [row] = await db
        .select({
          key: supplies.key,
          customerId: supplies.customerId,
          nickname: supplies.nickname,
          address: supplies.address,
        })
        .from(supplies)
        .where(eq(supplies.id, supplyId))
        .limit(1);
      return row;
    },
  };
}

export type MeteringRepository = ReturnType<typeof createMeteringRepository>;
