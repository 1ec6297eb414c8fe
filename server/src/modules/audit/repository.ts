// SQL of the security audit trail: one row per event, the latest kept per user.
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { securityEvents } from '@sportello/db/schema';

export type SecurityEventRow = typeof securityEvents.$inferSelect;

export function createAuditRepository(db: Db) {
  return {
    /** In `writer`'s transaction when given (the care console's action and its audit, ADR 045). */
    async insert(row: typeof securityEvents.$inferInsert, writer: Pick<Db, 'insert'> = db) {
      await writer.insert(securityEvents).values(row);
    },
    /** Whether the user has this event, with this detail, since `since` (one row for a burst). */
    async has(userId: number, kind: string, detail: string, since: Date) {
      const [row] = await db
        .select({ id: securityEvents.id })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.userId, userId),
            eq(securityEvents.kind, kind),
            eq(securityEvents.detail, detail),
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
