// Dialogs that load on first open are unmounted on close, taking Radix's focus return along:
// this hands focus back to the button that opened them (Escape, close button or an action).
import { useEffect, useRef } from 'react';

export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return opener;
}
