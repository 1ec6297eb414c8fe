// The local delivery of mail, SMS and push (ARCHITECTURE §9): what a real provider would receive,
// written to the outbox table for a developer to read (`npm run outbox -w server`, /dev/outbox).
// Writing is idempotent by the job's key, so a retried job leaves one row.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { outbox } from '@sportello/db/schema';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxChannel = 'mail' | 'push' | 'sms';

export function createOutbox(db: Db) {
  return {
    /**
     * The local default of every sender: the message becomes a row, once per job key. Answers the
     * row as the message id: the new one, or the one an earlier attempt with the same key wrote.
     */
    async deliver(
      message: {
        channel: OutboxChannel;
        recipient: string;
        subject: string | null;
        body: string;
        html?: string | null;
        headers?: Record<string, string>;
        data?: Record<string, string>;
      },
      idempotencyKey: string,
    ): Promise<{ messageId: string }> {
      const entry = { ...message, idempotencyKey };
      const [inserted] = await db
        .insert(outbox)
        .values({
          ...entry,
          html: entry.html ?? null,
          headers: entry.headers ?? null,
          data: entry.data ?? null,
        })
        .onConflictDoNothing({ target: outbox.idempotencyKey })
        .returning({ id: outbox.id });
      if (inserted) return { messageId: `outbox-${inserted.id}` };
      const [existing] = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(eq(outbox.idempotencyKey, entry.idempotencyKey));
      return { messageId: `outbox-${existing!.id}` };
    },

    async latest(limit: number): Promise<OutboxRow[]> {
      return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
