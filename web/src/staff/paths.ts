// The console's paths and what its pages share, apart from console.tsx so pages need not import it.
import type { staff } from '@sportello/contract';

export const STAFF_PATHS = {
  login: '/operatore',
  search: '/operatore/cerca',
  passkeys: '/operatore/passkey',
  customer: (id: string) => `/operatore/clienti/${encodeURIComponent(id)}`,
};

export type StaffSession = staff.StaffSession;

export interface PageProps {
  /** A refusal the page met, as its message: a 401 also ends the session and goes back to the login. */
  onFailure: (failure: unknown) => string;
}
