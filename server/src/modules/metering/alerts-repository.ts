// SQL of the alerts a customer asks for (ADR 039): active supplies whose consumption
// feed fell silent, and the claim that tells each gap once, whichever process finds it first.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { consumptionDays, meterSilenceAlerts, supplies } from '@sportello/db/schema';
import { ACTIVE_SUPPLY_STATUS } from '@sportello/domain';

export function createAlertsRepository(db: Db) {
  return {
    /**
     * Active supplies that had data on or after `normallyFrom` (those that normally have data) and
     * none on or after `silentFrom`, with their last day of data. The days range bounds the scan.
     */
    async silentSupplies(normallyFrom: string, silentFrom: string) {
      const last = sql<string>`max(${consumptionDays.day})::text`;
      return db
        .select({
          supplyId: consumptionDays.supplyId,
          lastDataOn: last,
          key: supplies.key,
          customerId: supplies.customerId,
          nickname: supplies.nickname,
          address: supplies.address,
        })
        .from(consumptionDays)
        .innerJoin(supplies, eq(supplies.id, consumptionDays.supplyId))
        .where(and(gte(consumptionDays.day, normallyFrom), eq(supplies.status, ACTIVE_SUPPLY_STATUS)))
        .groupBy(consumptionDays.supplyId, supplies.id)
        .having(sql`max(${consumptionDays.day}) < ${silentFrom}`)
        .orderBy(consumptionDays.supplyId);
    },

    /**
     * Records the alert of a gap in the transaction `tx` that queues it: true for the one process
     * that records it first.
     */
    async claimSilence(tx: Db, supplyId: number, lastDataOn: string, now: Date): Promise<boolean> {
      const rows = await tx
        .insert(meterSilenceAlerts)
        .values({ supplyId, lastDataOn, sentAt: now })
        .onConflictDoNothing()
        .returning({ supplyId: meterSilenceAlerts.supplyId });
      return rows.length > 0;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
