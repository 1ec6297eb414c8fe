// SQL for notifications: a user's page of them with the total, one of the user's, and a change.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { numericId } from '../../db/ids.js';
import { notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationChange = Partial<typeof notifications.$inferInsert>;

export function createNotificationsRepository(db: Db) {
  return {
    async listByUser(
      userId: number,
      options: { activeOnly: boolean; skip: number; take: number },
    ): Promise<{ count: number; rows: NotificationRow[] }> {
      const own = eq(notifications.userId, userId);
      const where = options.activeOnly ? and(own, eq(notifications.active, true)) : own;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(options.take)
          .offset(options.skip),
        db.select({ value: count() }).from(notifications).where(where),
      ]);
      return { count: total?.value ?? 0, rows };
    },

    /** The notification with this id if it is the user's; another user's is not found either. */
    async ownById(userId: number, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, numericId(id)), eq(notifications.userId, userId)))
        .limit(1);
      return row;
    },

    async update(id: number, change: NotificationChange): Promise<NotificationRow | undefined> {
      const [row] = await db.update(notifications).set(change).where(eq(notifications.id, id)).returning();
      return row;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
