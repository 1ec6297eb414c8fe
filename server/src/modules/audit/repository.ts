// SQL of the security audit trail: one row per event, the latest kept per user.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { securityEvents } from '@sportello/db/schema';

export type SecurityEventRow = typeof securityEvents.$inferSelect;

/** Any key of ours for the burst lock's first half (pg_advisory_xact_lock); the user's id is the second. */
const BURST_LOCK = 0x5ec_a0d;

export function createAuditRepository(db: Db) {
  return {
    /** In `writer`'s transaction when given (the care console's action and its audit, ADR 045). */
    async insert(row: typeof securityEvents.$inferInsert, writer: Pick<Db, 'insert'> = db) {
      await writer.insert(securityEvents).values(row);
    },
    /**
     * Inserts the row unless the user has the same event, with the same detail, since `since` (one row
     * for a burst). Under the user's lock: two refusals of one burst run at once, and both would see none.
     */
    async insertUnlessSince(row: typeof securityEvents.$inferInsert & { detail: string }, since: Date) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BURST_LOCK}, ${row.userId})`);
        const [recent] = await tx
          .select({ id: securityEvents.id })
          .from(securityEvents)
          .where(
            and(
              eq(securityEvents.userId, row.userId),
              eq(securityEvents.kind, row.kind),
              eq(securityEvents.detail, row.detail),
              gte(securityEvents.at, since),
            ),
          )
          .limit(1);
        if (!recent) await tx.insert(securityEvents).values(row);
      });
    },
    /** Whether the user has an event of this kind since `since`. */
    async happenedSince(userId: number, kind: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: securityEvents.id })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.userId, userId),
            eq(securityEvents.kind, kind),
            gte(securityEvents.at, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    latest: (userId: number, limit: number) =>
      db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(desc(securityEvents.at), desc(securityEvents.id))
        .limit(limit),
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
