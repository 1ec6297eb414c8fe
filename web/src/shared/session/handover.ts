// A session handed over in an entry URL (ADR 023): the URL's single-use code is exchanged for a new
// session of the user who asked for it. It never replaces a login already here without asking: the
// exchanged session waits until the user says which login to keep.
import { core, type Session } from '@sportello/contract';
import { callApi } from '../api/api-client';
import { endSessionLocally } from '../api/session-end';
import { appState, chooseCompany, setSession, storedSessionWasLoggedIn } from '../state/app-store';
import { ensureSession } from './session-lifecycle';

export type HandoverOutcome = 'started' | 'ask' | 'failed';

/** The exchanged session waiting for the user's answer, and the page it was meant to open. */
let pending: { session: Session; landing: string } | null = null;

function start(session: Session): void {
  endSessionLocally();
  chooseCompany(session.company);
  setSession(session.id, session.user);
}

/** Exchanges the code; 'ask' when another user is logged in here (then see pendingHandover). */
export async function startHandedOverSession(code: string | null, landing: string): Promise<HandoverOutcome> {
  if (!code) return 'failed';
  // Who is logged in here, checked with the server: an ended login is no login to keep.
  if (storedSessionWasLoggedIn() && appState().company) await ensureSession().catch(() => undefined);
  const current = appState().user;
  const session = await callApi(core.exchangeSessionHandover, { body: { code } }, { quiet: true }).catch(
    () => null,
  );
  if (!session?.user) return 'failed';
  if (current && current.username !== session.user.username) {
    pending = { session, landing };
    return 'ask';
  }
  start(session);
  return 'started';
}

/** Who asks to come in and who is here: for the question, or null when nothing waits. */
export function pendingHandover(): { current: string; incoming: string; landing: string } | null {
  const current = appState().user;
  if (!pending?.session.user || !current) return null;
  return { current: current.username, incoming: pending.session.user.username, landing: pending.landing };
}

/** The user chose the handed-over login: the one here ends on this device. */
export function acceptHandover(): void {
  if (pending) start(pending.session);
  pending = null;
}

/** The user kept the login here: the handed-over session is ended on the server, unused. */
export async function declineHandover(): Promise<void> {
  const declined = pending?.session.id;
  pending = null;
  if (declined)
    await callApi(core.logout, {}, { quiet: true, ownsSessionExpiry: true, sessionId: declined }).catch(
      () => undefined,
    );
}
