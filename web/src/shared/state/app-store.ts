// Client state shared across pages that is not server data (TanStack Query holds that): the
// session, brand and selected customer, and what the guards read (modules, rcrm, app-login), plus
// the message /login shows after a redirect. Per-page UI state lives in its components.
// Values that must survive a reload are mirrored in localStorage.
import { create } from 'zustand';
import type { CompanyCode, Customer, User } from '@sportello/contract';
import { isCompanyCode } from '../brands/brands';
import { savedValue } from './local-storage';

export type FlashMessage = 'login_expired' | 'link_expired';

export interface AppState {
  sessionId: string | null;
  /** True once the stored session id has been checked with the server in this page load. */
  sessionChecked: boolean;
  company: CompanyCode | null;
  user: User | null;
  /** In the app, whether app-login (biometrics or password) was passed in this session. */
  appLoggedIn: boolean;
  selectedCustomerId: string | null;
  customer: Customer | null;
  /** Module keys enabled by the server; null until first loaded. */
  modules: readonly string[] | null;
  rcrm: boolean;
  flashMessage: FlashMessage | null;
}

const KEYS = {
  sessionId: 'sessionId',
  loggedIn: 'loggedIn',
  company: 'company',
  customerId: 'customerId',
  rcrm: 'rcrm',
} as const;

function initialState(): AppState {
  const company = savedValue.read(KEYS.company);
  return {
    sessionId: savedValue.read(KEYS.sessionId),
    sessionChecked: false,
    company: isCompanyCode(company) ? company : null,
    user: null,
    appLoggedIn: false,
    selectedCustomerId: savedValue.read(KEYS.customerId),
    customer: null,
    modules: null,
    rcrm: savedValue.read(KEYS.rcrm) === '1',
    flashMessage: null,
  };
}

export const useAppStore = create<AppState>()(() => initialState());

const set = useAppStore.setState;
export const appState = useAppStore.getState;

/** Tests start from what localStorage holds, like a page load. */
export const resetAppState = () => set(initialState(), true);

export function setSession(sessionId: string, user: User | null): void {
  savedValue.write(KEYS.sessionId, sessionId);
  savedValue.write(KEYS.loggedIn, user ? '1' : null);
  set({ sessionId, user, sessionChecked: true });
}

/**
 * Whether the stored session id belonged to a logged-in user: if the server no longer knows it
 * on a fresh load, the login has expired (SPEC §8), which a guest session's end is not.
 */
export const storedSessionWasLoggedIn = () => savedValue.read(KEYS.loggedIn) === '1';

/** Forgets the session and everything private tied to it; the brand choice stays. */
export function clearSession(): void {
  savedValue.write(KEYS.sessionId, null);
  savedValue.write(KEYS.loggedIn, null);
  savedValue.write(KEYS.customerId, null);
  set({
    sessionId: null,
    sessionChecked: false,
    user: null,
    appLoggedIn: false,
    selectedCustomerId: null,
    customer: null,
    modules: null,
  });
}

export function chooseCompany(company: CompanyCode): void {
  if (appState().company === company) return;
  savedValue.write(KEYS.company, company);
  // A session belongs to one brand: a new brand needs a new guest session.
  clearSession();
  set({ company });
}

/** App login (SPEC §2 guard 7) passed in this run of the app: never stored, so each start asks again. */
export const passAppLogin = () => set({ appLoggedIn: true });

/** The app's partial logout without biometrics (SPEC §4) forgets the brand as well. */
export function forgetCompany(): void {
  savedValue.write(KEYS.company, null);
  clearSession();
  set({ company: null });
}

export function selectCustomer(customer: Customer | null): void {
  savedValue.write(KEYS.customerId, customer?.id ?? null);
  set({ customer, selectedCustomerId: customer?.id ?? null });
}

export function setRcrm(): void {
  savedValue.write(KEYS.rcrm, '1');
  set({ rcrm: true });
}

export const setModules = (modules: readonly string[]) => set({ modules });
export const setFlashMessage = (flashMessage: FlashMessage | null) => set({ flashMessage });
