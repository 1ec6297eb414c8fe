// A message the supplier's systems send a customer (the integration module's import, ADR 040 item
// 11), in the caller's transaction: a new one is posted to Messaggi, a newer version corrects its text
// and keeps whether it was read. The customer is told of it apart, after the load's commit (announce).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { messages } from '@sportello/db/schema';

export interface ErpMessage {
  customerId: number;
  title: string;
  body: string;
  category: string;
  /** The customer's document holding its PDF attachment (the documents module stored it), if any. */
  attachmentDocumentId: number | null;
}

/**
 * Writes the message (a new one when `heldId` is null) and answers its id with the customer it had
 * before, so the caller refuses a message that would change hands (ADR 027: owners never change), and
 * whether it was withdrawn (then nothing is written: a withdrawn message stays so, ADR 056).
 */
export async function saveMessageFromErp(tx: Db, message: ErpMessage, heldId: number | null, now: Date) {
  if (heldId !== null) {
    const [before] = await tx
      .select({ customerId: messages.customerId, withdrawnAt: messages.withdrawnAt })
      .from(messages)
      .where(eq(messages.id, heldId))
      .for('update');
    if (before?.withdrawnAt) return { id: heldId, customerIdBefore: before.customerId, withdrawn: true };
    const { customerId: _owner, ...text } = message;
    await tx.update(messages).set(text).where(eq(messages.id, heldId));
    return { id: heldId, customerIdBefore: before?.customerId ?? message.customerId, withdrawn: false };
  }
  const [row] = await tx
    .insert(messages)
    .values({ ...message, key: `MSG-${randomUUID()}`, sentAt: now })
    .returning({ id: messages.id });
  return { id: row!.id, customerIdBefore: message.customerId, withdrawn: false };
}

/**
 * The supplier withdraws a message (ADR 056): the customer no longer sees it. Answers the message's
 * key and customer, or null when it was withdrawn already.
 */
export async function withdrawMessageFromErp(tx: Db, messageId: number, now: Date) {
  const [row] = await tx
    .update(messages)
    .set({ withdrawnAt: now })
    .where(and(eq(messages.id, messageId), isNull(messages.withdrawnAt)))
    .returning({ key: messages.key, customerId: messages.customerId });
  return row ?? null;
}
