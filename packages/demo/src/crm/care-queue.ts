// The care console's queue items besides the requests and complaints (ADR 042): a delegation request
// agenziaenergia sent to Trattoria Il Girasole that nobody has confirmed yet, and a self-reading of
// Anna Verdi's the supplier's systems refused. Both are on customers no browser flow logs in as, so the
// care-queues spec may work them without meeting another spec's expectations.
import { delegationRequests, readings, workflowTasks } from '@sportello/db/schema';
import type { BuiltCustomer } from '../customers/customer-builder.js';
import type { SeedContext } from '../engine/context.js';
import { addDays, romeInstant } from '../engine/dates.js';

export function addCareQueueItems(
  ctx: SeedContext,
  delegation: { userId: number; who: string; delegator: BuiltCustomer },
  reading: { supplyId: number },
): void {
  const workflowId = `WF-DLG-${ctx.company.code.toUpperCase()}-${delegation.delegator.key}`;
  const askedAt = romeInstant(addDays(ctx.today, -2), 11);
  // As registration's delegation request makes them: the delegator's task and the pending request.
  ctx.buffer.add(workflowTasks, {
    workflowId,
    companyCode: ctx.company.code,
    customerId: delegation.delegator.id,
    taskName: 'ConfermaDelega',
    title: 'Richiesta di delega',
    description: `${delegation.who} chiede di poter gestire le tue forniture nel portale clienti. Confermi la delega?`,
    replies: ['confirm', 'refuse'],
    reply: null,
    repliedAt: null,
    createdAt: askedAt,
  });
  ctx.buffer.add(delegationRequests, {
    userId: delegation.userId,
    customerId: delegation.delegator.id,
    workflowId,
    status: 'pending',
    createdAt: askedAt,
  });
  const readOn = addDays(ctx.today, -3);
  ctx.buffer.add(readings, {
    supplyId: reading.supplyId,
    readingDate: readOn,
    source: 'self',
    status: 'refused',
    values: { F1: 1520, F2: 980, F3: 1210 },
    note: 'La lettura è più bassa dell’ultima rilevata dal distributore.',
    createdAt: romeInstant(readOn, 20),
  });
}
