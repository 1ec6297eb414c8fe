// Session states of SPEC §4: a guest session is created on load or on choosing a brand, its id is
// stored locally, replaced at login (rotation) and cleared on logout.
import type { User } from '@sportello/contract';
import { ApiFailure, rearmSessionExpiry } from '../../shared/api/api-client';
import { endSessionLocally } from '../../shared/api/session-end';
import { appState, setFlashMessage, setSession, withLoading } from '../../shared/state/app-store';
import { createSession } from './api/create-session';
import { getSession } from './api/get-session';
import { logout } from './api/logout';

const isSessionGone = (error: unknown) =>
  error instanceof ApiFailure && [401, 403, 404].includes(error.status);

/** Makes sure the chosen brand has a live session, checking a stored id once per page load. */
export async function ensureSession(): Promise<void> {
  const { sessionId, sessionChecked, company } = appState();
  if (!company || (sessionId && sessionChecked)) return;
  if (sessionId) {
    try {
      const session = await getSession(sessionId);
      if (session.company === company) {
        setSession(session.id, session.user);
        return;
      }
    } catch (error) {
      if (!isSessionGone(error)) throw error;
    }
  }
  const session = await withLoading(() => createSession(company));
  setSession(session.id, null);
}

export function completeLogin(sessionId: string, user: User | null): void {
  setSession(sessionId, user);
  setFlashMessage(null);
  rearmSessionExpiry();
}

export async function logOut(): Promise<void> {
  await withLoading(() => logout().catch(() => undefined));
  endSessionLocally();
}
