// Items for the work queues' tests (ADR 042): write-us messages and complaints of a customer, inserted
// as the support and complaints modules record them.
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { complaints, requests, supplies } from '@sportello/db/schema';
import { complaintDueDate, REQUEST_TYPE } from '@sportello/domain';

let counter = 0;

/** A write-us message of the customer's (a request of type Information), opened at `at`. */
export async function insertWriteUs(db: Db, customerId: number, at = new Date(), companyCode = 'sga') {
  const n = ++counter;
  const [row] = await db
    .insert(requests)
    .values({
      key: `REQ-Q${String(n).padStart(6, '0')}${Math.random().toString(16).slice(2, 6).toUpperCase()}`,
      companyCode,
      customerId,
      requestType: REQUEST_TYPE.information,
      status: 'Aperto',
      description: `Richiesta di informazioni: domanda ${n}`,
      payload: { subject: `Domanda ${n}`, description: `Vorrei sapere una cosa (${n}).` },
      createdDate: at,
    })
    .returning();
  return row!;
}

/** A complaint of the customer's on one of its supplies, filed at `at`. */
export async function insertComplaint(db: Db, customerId: number, at = new Date(), companyCode = 'sga') {
  const [supply] = await db.select().from(supplies).where(eq(supplies.customerId, customerId)).limit(1);
  if (!supply) throw new Error('the customer has no supply');
  const n = ++counter;
  const [row] = await db
    .insert(complaints)
    .values({
      key: `RCL-2026-Q${String(n).padStart(5, '0')}${Math.random().toString(16).slice(2, 4)}`,
      companyCode,
      customerId,
      supplyId: supply.id,
      category: 'billing',
      body: `La bolletta ${n} è troppo alta.`,
      contactPreference: 'email',
      suspendsCollection: true,
      channel: 'user',
      filedAt: at,
      dueDate: complaintDueDate('billing', at),
    })
    .returning();
  return row!;
}
