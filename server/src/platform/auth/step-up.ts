// Step-up (ADR 038): a call marked `stepUp` in the contract is open to a session only for a few
// minutes after it proved its user again (a passkey, or a one-time code to a contact on file).
// route() checks it for every call, after access and reach; modules only mark the session.
import { MESSAGES, needsStepUp, type Call } from '@sportello/contract';
import { AppError } from '../../http/app-error.js';
import type { LoadedSession } from '../sessions/session-store.js';

/** Long enough to finish the form that asked for it, short enough that a borrowed session is no key. */
export const STEP_UP_VALID_MS = 5 * 60_000;

/** Until when a session's step-up holds, or null when it has none in force. */
export function steppedUpUntil(session: LoadedSession, now: Date): Date | null {
  if (!session.steppedUpAt) return null;
  const until = new Date(session.steppedUpAt.getTime() + STEP_UP_VALID_MS);
  return until > now ? until : null;
}

/**
 * 403 `step_up_required` when the call needs a step-up this session has not made recently. The code
 * is in `errors` too: the web tells it from other 403s by it, and opens the step-up dialog.
 */
export function checkStepUp(call: Call, session: LoadedSession | null, body: unknown, now: Date): void {
  if (needsStepUp(call, body)) requireStepUp(session, now);
}

/**
 * The same refusal, asked by a service where only the data decides (a bill mailed to an address that
 * is not on file): the web opens the same dialog and sends the call again.
 */
export function requireStepUp(session: LoadedSession | null, now: Date): void {
  if (!session || !steppedUpUntil(session, now)) {
    const code = 'step_up_required';
    throw new AppError(403, code, [{ code, message: MESSAGES[code] }]);
  }
}
