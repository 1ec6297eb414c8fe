// A staff's read-only view of the portal (ADR 043) lives in its own tab: this flag, in the tab's
// sessionStorage, sends the app's saved values there too, so the view never reaches another tab nor
// replaces a login kept in localStorage. Tiny on purpose: the login route's first load holds it.
export const VIEW_FLAG = 'sportello.view';

/** The view's banner facts (reason, end), kept with the flag; null in an ordinary tab. */
export function viewOfTab(): { reason: string; endsAt: string } | null {
  try {
    const saved = window.sessionStorage.getItem(VIEW_FLAG);
    return saved ? (JSON.parse(saved) as { reason: string; endsAt: string }) : null;
  } catch {
    return null;
  }
}
