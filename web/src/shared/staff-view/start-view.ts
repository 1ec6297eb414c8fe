// /consultazione#<code>: the tab the console opens for "Vedi come il cliente" (ADR 043). The code comes
// in the fragment (never sent to a server nor written in its logs) and leaves the address bar before
// anything else; it is spent once, with the console's staff session of this browser, for a read-only
// session of the customer, kept in this tab only. Then the portal loads as the customer sees it.
import { MESSAGES, staffViews } from '@sportello/contract';
import { VIEW_FLAG } from './view-tab';
import { VIEW_PATH } from './view-path';
import './view.css';
const STAFF_SESSION_KEY = 'sportello.staffSessionId';

/** The console's session: this tab's copy of the opener's storage, or the opener's own. */
function staffSessionId(): string | null {
  try {
    return (
      window.sessionStorage.getItem(STAFF_SESSION_KEY) ??
      (window.opener as Window | null)?.sessionStorage.getItem(STAFF_SESSION_KEY) ??
      null
    );
  } catch {
    return null;
  }
}

function showPage(heading: string, text: string, alert: boolean): void {
  document.title = `${heading} - Sportello`;
  const main = document.createElement('main');
  main.className = 'staff-view-page';
  const h1 = document.createElement('h1');
  h1.textContent = heading;
  const p = document.createElement('p');
  p.textContent = text;
  if (alert) p.setAttribute('role', 'alert');
  main.append(h1, p);
  document.getElementById('root')?.replaceChildren(main);
}

export async function startView(): Promise<void> {
  const code = location.hash.slice(1);
  history.replaceState(null, '', VIEW_PATH);
  if (!code) {
    showPage(
      'Consultazione terminata',
      'La consultazione del portale è terminata: puoi chiudere questa scheda.',
      false,
    );
    return;
  }
  const staffId = staffSessionId();
  const response = await fetch(staffViews.exchangeStaffView.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(staffId ? { staffSessionId: staffId } : {}) },
    body: JSON.stringify({ request: { code } }),
  }).catch(() => null);
  const body = (await response?.json().catch(() => null)) as {
    data?: { id: string; company: string; view?: { reason: string; endsAt: string } };
  } | null;
  const session = response?.ok ? body?.data : undefined;
  if (!session?.view) {
    showPage('Consultazione non disponibile', MESSAGES.staff_view_code_invalid, true);
    return;
  }
  // From here on the app's saved values live in this tab (shared/state/local-storage.ts).
  window.sessionStorage.setItem(VIEW_FLAG, JSON.stringify(session.view));
  window.sessionStorage.setItem('sportello.company', session.company);
  window.sessionStorage.setItem('sportello.sessionId', session.id);
  window.sessionStorage.setItem('sportello.loggedIn', '1');
  location.replace('/');
}
