// localStorage that never throws (private browsing, disabled storage): the app still works, it
// just forgets between visits. A staff's view tab (ADR 043) keeps its values in the tab alone.
import { viewOfTab } from '../staff-view/view-tab';

const PREFIX = 'sportello.';
const storage = () => (viewOfTab() ? window.sessionStorage : window.localStorage);

export const savedValue = {
  read(key: string): string | null {
    try {
      return storage().getItem(PREFIX + key);
    } catch {
      return null;
    }
  },
  write(key: string, value: string | null): void {
    try {
      if (value === null) storage().removeItem(PREFIX + key);
      else storage().setItem(PREFIX + key, value);
    } catch {
      // Storage unavailable: keep the value in memory only.
    }
  },
};
