// SQL every metering use case starts from: a supply with its meter group and offer (the reach check
// of http/route.ts let the request through); a supply's name and customer for an announcement.
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKeyPlaceholder, idOrKeyParams } from '@sportello/db/ids';
import { meterGroups, offers, supplies } from '@sportello/db/schema';

export function createMeteringRepository(db: Db) {
  const supplyWithMeter = db
    .select({ supply: supplies, meter: meterGroups, offer: offers })
    .from(supplies)
    .leftJoin(meterGroups, eq(meterGroups.supplyId, supplies.id))
    .leftJoin(offers, eq(offers.id, supplies.offerId))
    .where(byIdOrKeyPlaceholder(supplies.id, supplies.key))
    .limit(1)
    .prepare('metering_supply');

  return {
    /** The supply by id or key, with its meter group and offer (null when it has none): one prepared statement. */
    async findSupply(idOrKey: string) {
      const [row] = await supplyWithMeter.execute(idOrKeyParams(idOrKey));
      return row;
    },

    /** `run`: the caller's transaction, when it reads there (a sweep's claim). */
    async supplyRef(supplyId: number, run: Db = db) {
      const [row] = await run
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
