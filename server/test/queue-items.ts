// Items for the work queues' tests (ADR 042): write-us messages, complaints, delegation requests and
// reading anomalies of a customer, inserted as the support, complaints, registration and metering
// modules record them.
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import {
  complaints,
  delegationRequests,
  readings,
  readingSubmissions,
  requests,
  supplies,
  workflowTasks,
} from '@sportello/db/schema';
import { complaintDueDates, REQUEST_TYPE } from '@sportello/domain';

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
      dueDate: complaintDueDates('billing', at).reply,
    })
    .returning();
  return row!;
}

/** A delegation request of the user's to the customer, pending its workflow task, made at `at`. */
export async function insertDelegation(db: Db, userId: number, customerId: number, at = new Date()) {
  const workflowId = `WF-DLG-Q${++counter}${Math.random().toString(16).slice(2, 8)}`;
  await db.insert(workflowTasks).values({
    workflowId,
    companyCode: 'sga',
    customerId,
    taskName: 'ConfermaDelega',
    title: 'Richiesta di delega',
    description:
      'Franco Bianchi chiede di poter gestire le tue forniture nel portale clienti. Confermi la delega?',
    replies: ['confirm', 'refuse'],
    createdAt: at,
  });
  const [row] = await db
    .insert(delegationRequests)
    .values({ userId, customerId, workflowId, status: 'pending', createdAt: at })
    .returning();
  return row!;
}

/**
 * A self-reading on the customer's first supply: refused by the ERP with its note, or received and
 * flagged implausible by the portal's check (the customer confirmed it), sent at `at`.
 */
export async function insertReadingAnomaly(
  db: Db,
  customerId: number,
  how: 'refused' | 'implausible',
  at = new Date(),
) {
  const [supply] = await db.select().from(supplies).where(eq(supplies.customerId, customerId)).limit(1);
  if (!supply) throw new Error('the customer has no supply');
  const n = ++counter;
  const [reading] = await db
    .insert(readings)
    .values({
      supplyId: supply.id,
      readingDate: at.toISOString().slice(0, 10),
      source: 'self',
      status: how === 'refused' ? 'refused' : 'received',
      values: { F1: 90000 + n },
      note: how === 'refused' ? 'Lettura non compatibile con il contatore.' : null,
      createdAt: at,
    })
    .returning();
  await db.insert(readingSubmissions).values({
    supplyId: supply.id,
    token: `queue-reading-${n}-${Math.random().toString(16).slice(2, 8)}`,
    readingId: reading!.id,
    implausible: how === 'implausible' ? [{ channel: 'F1', consumption: 9000, expected: 300 }] : null,
    implausibleConfirmed: how === 'implausible',
    createdAt: at,
  });
  return { ...reading!, pointCode: supply.pointCode };
}
