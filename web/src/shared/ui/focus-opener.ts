// Where focus goes back when a dialog closes: the element that opened it. A dialog often opens
// after an answer, while its button was disabled ('Invio in corso…') and focus had fallen to
// <body>; Radix would hand focus back to <body> then, losing the keyboard user's place. So the
// last element that had focus is remembered, and a dialog takes it as its opener.

let lastFocused: HTMLElement | null = null;
let listening = false;

function remember(event: FocusEvent) {
  if (event.target instanceof HTMLElement) lastFocused = event.target;
}

/** The element a dialog opening now should return focus to on close. */
export function currentOpener(): HTMLElement | null {
  if (!listening) {
    document.addEventListener('focusin', remember, true);
    listening = true;
  }
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastFocused?.isConnected ? lastFocused : null;
}

/** Starts remembering focus from the first page on, before any dialog opens. */
export function watchFocus(): void {
  currentOpener();
}

/** Focus back to the opener if it is still on the page (after Radix's own attempt). */
export function returnFocusTo(opener: HTMLElement | null): void {
  setTimeout(() => {
    if (opener?.isConnected) opener.focus();
  }, 0);
}
