import { describe, expect, it } from 'vitest';
import { entryHandover } from './entry-session';

const CODE = 'AbCdEfGhIjKlMnOpQr_-12';
const query = (text: string) => new URLSearchParams(text);
const GRAPH = '/supplies/SUP-sga-000001/graphs/anon';
const CRM = `rcrm=1&sessionId=${CODE}&supplyKey=SUP-sga-000001&customerKey=CUS-sga-000001`;

describe('entry queries carry a handover code (SPEC §4, ADR 023)', () => {
  it('takes `s` on the index route as a code, and lands without it', () => {
    expect(entryHandover('/', query(`s=${CODE}&company=sga`))).toEqual({
      code: CODE,
      landing: '/?company=sga',
      rcrm: false,
    });
  });

  it('takes the rcrm query on that supply’s anonymous graph only', () => {
    expect(entryHandover(GRAPH, query(CRM))).toEqual({ code: CODE, landing: GRAPH, rcrm: true });
    expect(entryHandover('/supplies/SUP-sga-000002/graphs/anon', query(CRM))).toBeNull();
    expect(entryHandover('/dashboard', query(CRM))).toBeNull();
    expect(entryHandover('/', query(CRM))).toBeNull();
  });

  it.each([
    ['a session id in base64 (the old form)', `s=${encodeURIComponent(btoa(CODE))}`],
    ['too short', 's=abc'],
    ['not base64url', 's=%%%'],
    ['empty', 's='],
  ])('lands without a code when `s` cannot be one: %s', (_, search) => {
    expect(entryHandover('/', query(search))).toEqual({ code: null, landing: '/', rcrm: false });
  });

  it.each([
    ['`s` off the index route', '/dashboard', `s=${CODE}`],
    ['an rcrm query without its keys', GRAPH, `rcrm=1&sessionId=${CODE}`],
    ['no entry query', '/', 'company=sga'],
  ])('asks for nothing: %s', (_, pathname, search) => {
    expect(entryHandover(pathname, query(search))).toBeNull();
  });
});
