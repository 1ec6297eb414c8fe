// The banner of a staff's view of the portal (ADR 043), on every page of the view's tab: whose portal,
// read-only, why, until when, and "Esci". A status, not an alert: it is there from the first paint and
// says nothing new after. When the view ends (its limit, the staff's logout) the tab says so.
import { useEffect } from 'react';
import { VIEW_REASON_LABELS, type ViewReason } from '@sportello/contract';
import { useAppStore } from '../state/app-store';
import { romeTime } from './rome-time';
import { VIEW_FLAG, viewOfTab } from './view-tab';
import { VIEW_PATH } from './view-path';
import './view.css';

async function leave(): Promise<void> {
  const { logOut } = await import('../session/session-lifecycle');
  await logOut();
  window.sessionStorage.removeItem(VIEW_FLAG);
  window.close();
  // A tab the browser will not close says the view is over.
  location.replace(VIEW_PATH);
}

export default function ViewBanner() {
  const user = useAppStore((state) => state.user);
  const checked = useAppStore((state) => state.sessionChecked);
  const view = viewOfTab();
  const ended = checked && !user;
  useEffect(() => {
    if (ended) {
      window.sessionStorage.removeItem(VIEW_FLAG);
      location.replace(VIEW_PATH);
    }
  }, [ended]);
  if (!view || !user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const reason = VIEW_REASON_LABELS[view.reason as ViewReason] ?? view.reason;
  return (
    <div role="status" className="staff-view-banner">
      <p className="staff-view-banner__text">
        Stai vedendo il portale di <strong>{name}</strong> come lo vede il cliente — sola lettura — motivo:{' '}
        {reason} — termina alle {romeTime(view.endsAt)}
      </p>
      <button type="button" className="staff-view-banner__exit" onClick={() => void leave()}>
        Esci dalla consultazione
      </button>
    </div>
  );
}
