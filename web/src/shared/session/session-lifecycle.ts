// Session states of SPEC §4: a guest session is created on load or on choosing a brand, its id is
// stored locally, replaced at login (rotation) and cleared on logout. Shared, because the app's
// navigation guard needs a session before any page, and login and logout happen in features.
import { core, PRODUCT_VERSION, type Session, type User } from '@sportello/contract';
import { ApiFailure, callApi, rearmSessionExpiry } from '../api/api-client';
import { endSessionLocally } from '../api/session-end';
import { appState, setFlashMessage, setSession, storedSessionWasLoggedIn } from '../state/app-store';
import { withLoading } from '../ui/loading';

const isSessionGone = (error: unknown) =>
  error instanceof ApiFailure && [401, 403, 404].includes(error.status);

let establishing: Promise<void> | null = null;

/**
 * Makes sure the chosen brand has a live session, checking a stored id once per page load.
 * Concurrent callers (navigation, login form) share one attempt.
 */
export function ensureSession(): Promise<void> {
  establishing ??= establishSession().finally(() => {
    establishing = null;
  });
  return establishing;
}

async function establishSession(): Promise<void> {
  const { sessionId, sessionChecked, company } = appState();
  if (!company || (sessionId && sessionChecked)) return;
  if (sessionId) {
    // Read first: the api client forgets the stored session as soon as the server refuses it.
    const wasLoggedIn = storedSessionWasLoggedIn();
    try {
      // Quiet: a stale stored id is expected after a while and is replaced without a popup.
      const session = await callApi(core.getSession, { params: { id: sessionId } }, { quiet: true });
      if (session.company === company) {
        setSession(session.id, session.user);
        return;
      }
    } catch (error) {
      if (!isSessionGone(error)) throw error;
      // A new tab on an ended login: say so on the login page, as a 401 inside a page does.
      if (wasLoggedIn) setFlashMessage('login_expired');
    }
  }
  const session = await withLoading(() =>
    callApi(core.createSession, {
      body: { company, locale: 'it', clientSpec: { version: PRODUCT_VERSION, type: 'web' } },
    }),
  );
  setSession(session.id, null);
}

/** Logs the (guest) session in; the api client shows the server's message on failure. */
export function logIn(
  { username, password }: { username: string; password: string },
  quiet = false,
): Promise<Session> {
  return withLoading(async () => {
    // The guest session may still be on its way when the page rendered first.
    await ensureSession();
    return callApi(core.login, { body: { username: username.trim(), password } }, { quiet });
  });
}

export function completeLogin(sessionId: string, user: User | null): void {
  setSession(sessionId, user);
  setFlashMessage(null);
  rearmSessionExpiry();
}

const beforeLogout = new Set<() => Promise<void>>();

/** Work that needs the session still open at logout (the app removes its push device). */
export function onLogout(task: () => Promise<void>): void {
  beforeLogout.add(task);
}

export async function logOut(): Promise<void> {
  // Quiet: the user is logged out locally whatever the server answers.
  await withLoading(async () => {
    await Promise.all([...beforeLogout].map((task) => task().catch(() => undefined)));
    await callApi(core.logout, {}, { quiet: true }).catch(() => undefined);
  });
  endSessionLocally();
}
