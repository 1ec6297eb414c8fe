// A message the supplier's systems send a customer (the integration module's import, ADR 040 item
// 11), in the caller's transaction: a new one is posted to Messaggi, a newer version corrects its text
// and keeps whether it was read. The customer is told of it apart, after the load's commit (announce).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { messages } from '@sportello/db/schema';

export interface ErpMessage {
  customerId: number;
  title: string;
  body: string;
  category: string;
}

/**
 * Writes the message (a new one when `heldId` is null) and answers its id with the customer it had
 * before, so the caller refuses a message that would change hands (ADR 027: owners never change).
 */
export async function saveMessageFromErp(tx: Db, message: ErpMessage, heldId: number | null, now: Date) {
  if (heldId !== null) {
    const [before] = await tx
      .select({ customerId: messages.customerId })
      .from(messages)
      .where(eq(messages.id, heldId))
      .for('update');
    const { customerId: _owner, ...text } = message;
    await tx.update(messages).set(text).where(eq(messages.id, heldId));
    return { id: heldId, customerIdBefore: before?.customerId ?? message.customerId };
  }
  const [row] = await tx
    .insert(messages)
    .values({ ...message, key: `MSG-${randomUUID()}`, sentAt: now })
    .returning({ id: messages.id });
  return { id: row!.id, customerIdBefore: message.customerId };
}
