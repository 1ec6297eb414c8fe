// Where to go back to after a detour (login from an entry link): only a path of this app, never
// another site (`//host`, `/\host` and absolute URLs are refused), so a link cannot send a user away.
/** `path` with the page to come back to after the detour, when there is one. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?${new URLSearchParams({ next })}` : path;
}

export function nextPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
