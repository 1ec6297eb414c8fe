// localStorage that never throws (private browsing, disabled storage): the app still works, it
// just forgets between visits.
const PREFIX = 'sportello.';

export const savedValue = {
  read(key: string): string | null {
    try {
      return window.localStorage.getItem(PREFIX + key);
    } catch {
      return null;
    }
  },
  write(key: string, value: string | null): void {
    try {
      if (value === null) window.localStorage.removeItem(PREFIX + key);
      else window.localStorage.setItem(PREFIX + key, value);
    } catch {
      // Storage unavailable: keep the value in memory only.
    }
  },
};
