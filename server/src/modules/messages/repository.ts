// SQL for messages to customers: a customer's list with its unread count, one message, marking read.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { byIdOrKey } from '@sportello/db/ids';
import { messages } from '@sportello/db/schema';

export type MessageRow = typeof messages.$inferSelect;

export function createMessagesRepository(db: Db) {
  return {
    /** One page, the number matching the filter, and the unread count of the whole mailbox. */
    async listByCustomer(
      customerId: number,
      options: { unreadOnly: boolean; skip: number; take: number },
    ): Promise<{ count: number; unread: number; rows: MessageRow[] }> {
      // A message the supplier withdrew is no longer the customer's to see (ADR 056).
      const own = and(eq(messages.customerId, customerId), isNull(messages.withdrawnAt));
      const where = options.unreadOnly ? and(own, isNull(messages.readAt)) : own;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(messages)
          .where(where)
          .orderBy(desc(messages.sentAt), desc(messages.id))
          .limit(options.take)
          .offset(options.skip),
        db
          .select({
            all: count(),
            unread: sql<number>`count(*) filter (where ${messages.readAt} is null)`.mapWith(Number),
          })
          .from(messages)
          .where(own),
      ]);
      const all = totals?.all ?? 0;
      const unread = totals?.unread ?? 0;
      return { count: options.unreadOnly ? unread : all, unread, rows };
    },

    async find(idOrKey: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(byIdOrKey(messages.id, messages.key, idOrKey), isNull(messages.withdrawnAt)))
        .limit(1);
      return row;
    },

    async insert(values: Omit<typeof messages.$inferInsert, 'key'>): Promise<MessageRow> {
      const [row] = await db
        .insert(messages)
        .values({ ...values, key: `MSG-${randomUUID()}` })
        .returning();
      return row!;
    },

    /** Sets read_at only if still unread, so the first reading time is kept. */
    async markRead(id: number, at: Date): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ readAt: at })
        .where(and(eq(messages.id, id), isNull(messages.readAt)))
        .returning();
      return row;
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
