// SPEC §4 entry queries as ADR 023 has them: `s` on the index route, and the CRM's rcrm query (rcrm=1,
// sessionId, supplyKey, customerKey) on the anonymous graph route of that supply, carry a single-use
// handover code the server exchanges for a new session, never a session id. Anywhere else they are
// ignored. Pure, unit-tested; the navigation guard exchanges the code and leaves the URL without it.
import { meteringRoutes } from '../features/metering/routes';

/** Handover codes are 22 base64url characters (server/src/modules/sessions). */
const HANDOVER_CODE = /^[A-Za-z0-9_-]{22}$/;

/** Parameters of the entry queries: none survives in the address the user lands on. */
const ENTRY_PARAMS = ['s', 'isGuest', 'rcrm', 'sessionId', 'supplyKey', 'customerKey'];

export interface EntryHandover {
  /** The code to exchange, or null when the query carried none that could be one. */
  code: string | null;
  /** The same page without the entry parameters. */
  landing: string;
  rcrm: boolean;
}

function landingOf(pathname: string, search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  for (const name of ENTRY_PARAMS) rest.delete(name);
  const query = rest.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const asCode = (value: string | null) => (value && HANDOVER_CODE.test(value) ? value : null);

/** The handover the entry URL asks for, or null when it asks for none here. */
export function entryHandover(pathname: string, search: URLSearchParams): EntryHandover | null {
  if (pathname === '/' && search.has('s')) {
    return { code: asCode(search.get('s')), landing: landingOf(pathname, search), rcrm: false };
  }
  const supplyKey = search.get('supplyKey');
  const crmEntry = search.get('rcrm') === '1' && supplyKey && search.get('customerKey');
  if (crmEntry && pathname === meteringRoutes.graphsAnon.to({ id: supplyKey })) {
    return { code: asCode(search.get('sessionId')), landing: landingOf(pathname, search), rcrm: true };
  }
  return null;
}
