// A request's phase and outcome, as the CRM sends them (the integration module's import, ADR 040) or
// the care console sets them with its answer (ADR 042), in the caller's transaction: what Pratiche
// shows. Closed and cancelled requests get their closing time. One text tells the customer.
import { requestPhaseLabel, requestTypeLabel } from '@sportello/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { requests } from '@sportello/db/schema';

const ENDED = ['Chiuso', 'Annullato'];

/** The request a brand's key names, locked for the caller's transaction; null when there is none. */
export async function lockRequestByKey(tx: Db, companyCode: string, key: string) {
  const [row] = await tx
    .select({
      id: requests.id,
      customerId: requests.customerId,
      requestType: requests.requestType,
      status: requests.status,
      phaseCode: requests.phaseCode,
      closedDate: requests.closedDate,
    })
    .from(requests)
    .where(and(eq(requests.companyCode, companyCode), eq(requests.key, key)))
    .for('update');
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
  },
) {
  const ended = ENDED.includes(change.status);
  await tx
    .update(requests)
    .set({
      status: change.status,
      phaseCode: change.phaseCode,
      closedDate: ended ? change.closedDate : null,
      ...(change.answer === undefined ? {} : { answer: change.answer }),
    })
    .where(eq(requests.id, change.id));
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
