// Forgets the session on this device: stored id, user, customer, and whatever caches registered
// to be cleared (the server-data cache registers itself when a page that uses it first loads).
import { clearSession } from '../state/app-store';

const onEnd = new Set<() => void>();

export function onSessionEnd(listener: () => void): void {
  onEnd.add(listener);
}

export function endSessionLocally(): void {
  clearSession();
  for (const listener of onEnd) listener();
}
