// Forgets the session on this device: stored id, user, customer and every cached server answer.
import { clearSession } from '../state/app-store';
import { queryClient } from './query-client';

export function endSessionLocally(): void {
  clearSession();
  queryClient.clear();
}
