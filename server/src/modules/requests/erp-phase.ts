// A request's phase and outcome, as the CRM sends them (the integration module's import, ADR 040) or
// the care console sets them with its answer (ADR 042), in the caller's transaction: what Pratiche
// shows. Closed and cancelled requests get their closing time. One text tells the customer. A state
// the care staff set is kept with who set it and reaches the supplier's systems as a `request.changed`
// event in the same transaction (ADR 050: a request the staff ended is not reopened by the ERP).
import { requestPhaseLabel, requestTypeLabel } from '@sportello/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { requests, staffUsers } from '@sportello/db/schema';
import { erpKeyOf } from '../../platform/events/erp-keys.js';
import { recordEvent } from '../../platform/events/outbox.js';

const ENDED = ['Chiuso', 'Annullato'];

/** Closed or cancelled: a request in this state is done. */
export const requestEnded = (status: string) => ENDED.includes(status);

/**
 * The request a brand's key names, locked for the caller's transaction, with the staff member who set
 * its state (null: the customer's or the ERP's); null when there is none.
 */
export async function lockRequestByKey(tx: Db, companyCode: string, key: string) {
  const [row] = await tx
    .select({
      id: requests.id,
      customerId: requests.customerId,
      requestType: requests.requestType,
      status: requests.status,
      phaseCode: requests.phaseCode,
      closedDate: requests.closedDate,
      phaseBy: { id: staffUsers.id, username: staffUsers.username },
    })
    .from(requests)
    .leftJoin(staffUsers, eq(staffUsers.id, requests.phaseByStaffId))
    .where(and(eq(requests.companyCode, companyCode), eq(requests.key, key)))
    .for('update', { of: requests });
  return row ?? null;
}

export async function setRequestPhase(
  tx: Db,
  change: {
    id: number;
    status: string;
    phaseCode: string | null;
    closedDate: Date | null;
    /** The care console's written answer, shown in Pratiche (ADR 042). */
    answer?: string;
    /** The care staff member who sets it (ADR 050); none: the supplier's systems. */
    staffUserId?: number;
  },
) {
  const ended = requestEnded(change.status);
  const [row] = await tx
    .update(requests)
    .set({
      status: change.status,
      phaseCode: change.phaseCode,
      closedDate: ended ? change.closedDate : null,
      phaseByStaffId: change.staffUserId ?? null,
      ...(change.answer === undefined ? {} : { answer: change.answer }),
    })
    .where(eq(requests.id, change.id))
    .returning();
  if (!row || change.staffUserId === undefined) return;
  await recordEvent(tx, {
    companyCode: row.companyCode,
    customerId: row.customerId,
    kind: 'request.changed',
    entityKey: row.key,
    staffUserId: change.staffUserId,
    payload: {
      requestKey: row.key,
      requestType: row.requestType,
      status: row.status,
      phaseCode: row.phaseCode,
      answer: row.answer,
      closedAt: row.closedDate?.toISOString() ?? null,
      contractId: row.contractId,
      contractExtKey: await erpKeyOf(tx, 'contract', row.contractId),
    },
  });
}

/** What the customer is told of a phase change (a message, and their chosen channels). */
export function requestPhaseNotice(
  request: { customerId: number; requestType: string; key: string },
  phase: { status: string; phaseCode: string | null },
  note: string | null,
) {
  const state = requestPhaseLabel(phase.phaseCode, phase.status);
  return {
    customerId: request.customerId,
    title: 'Aggiornamento della tua pratica',
    body: `La pratica "${requestTypeLabel(request.requestType)}" (${request.key}) ora è: ${state}.${note ? ` ${note}` : ''}`,
  };
}
