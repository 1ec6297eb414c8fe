// Where to go back to after a detour (login from an entry link or an expired login): only a path of
// this app, never another site, so a link cannot send a user away. Browsers drop tabs and newlines from
// URLs and read `\` as `/`, so `/\t/evil.example` would become `//evil.example`: any such character,
// raw or encoded, refuses the value, and what is kept is the path as this origin resolves it.
/** `path` with the page to come back to after the detour, when there is one. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?${new URLSearchParams({ next })}` : path;
}

/** Control characters, whitespace and backslashes: what URL parsers drop or reinterpret. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE = /[\u0000-\u0020\u007F-\u009F\u2028\u2029\\]/;

/** Stands for this app's origin while resolving: nothing but the path of the answer is used. */
const BASE = 'https://sportello.invalid';

export function nextPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (UNSAFE.test(value) || UNSAFE.test(decoded) || decoded.startsWith('//')) return null;
  const resolved = new URL(value, BASE);
  if (resolved.origin !== BASE) return null;
  return resolved.pathname + resolved.search + resolved.hash;
}
