// Fixed-window attempt counters kept in the database, so that every server process shares them.
import { and, eq, gt, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { rateLimits } from '@sportello/db/schema';

/** Counters by exact key or by key prefix (a username's counters from every address). */
export interface KeyMatch {
  keys: string[];
  prefixes: string[];
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const matching = ({ keys, prefixes }: KeyMatch) =>
  or(
    sql`false`,
    ...keys.map((key) => eq(rateLimits.key, key)),
    ...prefixes.map((prefix) => like(rateLimits.key, `${escapeLike(prefix)}%`)),
  );

export interface Counted {
  count: number;
  windowStart: Date;
}

export function createRateLimiter(db: Db) {
  return {
    /**
     * Counts one attempt under each key in its current window (a new one once `windowMs` has passed),
     * in one statement: a login's counters cost one round trip and one commit, not one each. The rows
     * are locked in key order, so two attempts sharing counters never wait on each other in a circle.
     */
    async hit(keys: readonly string[], windowMs: number, now: Date): Promise<Map<string, Counted>> {
      const windowFloor = new Date(now.getTime() - windowMs);
      const expired = sql`${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz`;
      const rows = await db
        .insert(rateLimits)
        .values([...new Set(keys)].sort().map((key) => ({ key, windowStart: now, count: 1 })))
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart });
      return new Map(rows.map(({ key, ...counted }) => [key, counted]));
    },

    /** Takes back one attempt counted by `hit`, unless its window has been replaced since. */
    async forgive(key: string, windowStart: Date) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
    },

    /** The counters named by `match` counted since `since`. */
    async counted(match: KeyMatch, since: Date) {
      return db
        .select({ key: rateLimits.key, count: rateLimits.count })
        .from(rateLimits)
        .where(and(gt(rateLimits.windowStart, since), matching(match)));
    },

    /** Deletes the counters named by `match` in the writer's transaction; how many had failures. */
    async clear(writer: Pick<Db, 'delete'>, match: KeyMatch) {
      const gone = await writer
        .delete(rateLimits)
        .where(matching(match))
        .returning({ count: rateLimits.count });
      return gone.filter((row) => row.count > 0).length;
    },

    /** Windows that started before `before` count nothing any more; deleting them keeps the table small. */
    async deleteOlderThan(before: Date) {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
