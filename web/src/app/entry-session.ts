// SPEC §4 index-route queries: `s` (an encoded session id, as another channel of the brand hands it
// over) starts that session, whose user is then loaded and sent to the dashboard; with `isGuest`
// it is a guest session, which does not replace a login already there. Pure, unit-tested; the
// navigation guard applies it before making sure of the session.

/** Session ids are 22 base64url characters (server/src/modules/sessions). */
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

function decode(encoded: string): string | null {
  try {
    const decoded = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    return SESSION_ID.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/** The session id to start from the entry URL, or null to keep the session there is. */
export function entrySessionId(pathname: string, search: URLSearchParams, loggedIn: boolean): string | null {
  const encoded = search.get('s');
  if (pathname !== '/' || !encoded) return null;
  if (search.has('isGuest') && loggedIn) return null;
  // Base64 of the id; an id given as it is works too (it never decodes to another valid id).
  return decode(encoded) ?? (SESSION_ID.test(encoded) ? encoded : null);
}
