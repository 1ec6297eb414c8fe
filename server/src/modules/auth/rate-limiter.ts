// Fixed-window attempt counters kept in the database, so that every server process shares them.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';

export function createRateLimiter(db: Db) {
  return {
    /** Counts one attempt under `key`; true while the window's count stays within `limit`. */
    async hit(key: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
      const windowFloor = new Date(now.getTime() - windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count });
      return (row?.count ?? 1) <= limit;
    },

    async reset(key: string) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
