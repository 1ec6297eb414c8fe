import { describe, expect, it } from 'vitest';
import { entrySessionId } from './entry-session';

const ID = 'AbCdEfGhIjKlMnOpQr_-12';
const query = (text: string) => new URLSearchParams(text);

describe('index-route session queries (SPEC §4)', () => {
  it('starts the session whose id `s` carries in base64', () => {
    expect(entrySessionId('/', query(`s=${encodeURIComponent(btoa(ID))}`), false)).toBe(ID);
  });

  it('accepts the id as it is too', () => {
    expect(entrySessionId('/', query(`s=${ID}`), false)).toBe(ID);
  });

  it('replaces a login with a user session, not with a guest one (isGuest)', () => {
    expect(entrySessionId('/', query(`s=${btoa(ID)}`), true)).toBe(ID);
    expect(entrySessionId('/', query(`s=${btoa(ID)}&isGuest=true`), true)).toBeNull();
    expect(entrySessionId('/', query(`s=${btoa(ID)}&isGuest=true`), false)).toBe(ID);
  });

  it.each([
    ['only on the index route', '/dashboard', `s=${btoa(ID)}`],
    ['nothing without s', '/', 'isGuest=true'],
    ['not an id', '/', 's=bm90LWFuLWlk'],
    ['not base64 nor an id', '/', 's=%%%'],
    ['too short', '/', 's=abc'],
  ])('ignores it: %s', (_, pathname, search) => {
    expect(entrySessionId(pathname, query(search), false)).toBeNull();
  });
});
