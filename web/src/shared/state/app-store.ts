// Client state that is not server data (TanStack Query holds that): session id, brand, selected
// customer, rcrm flag, flash message for /login, loading flag, per-navigation UI flags.
// Values that must survive a reload are mirrored in localStorage.
import { create } from 'zustand';
import type { CompanyCode, Customer, User } from '@sportello/contract';
import { isCompanyCode } from '../brands/brands';
import { savedValue } from './local-storage';

export type FlashMessage = 'login_expired' | 'link_expired';

export interface FeedbackAction {
  label: string;
  /** A path to go to; without it the button just closes the panel. */
  to?: string;
}

export interface Feedback {
  title: string;
  description: string;
  actions: readonly [FeedbackAction] | readonly [FeedbackAction, FeedbackAction];
}

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
  /** Work in progress that shows the brand's loading animation. */
  loadingCount: number;
  graphVisible: boolean;
  legendVisible: boolean;
  feedback: Feedback | null;
}

const KEYS = { sessionId: 'sessionId', company: 'company', customerId: 'customerId', rcrm: 'rcrm' } as const;

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
    loadingCount: 0,
    graphVisible: false,
    legendVisible: false,
    feedback: null,
  };
}

export const useAppStore = create<AppState>()(() => initialState());

const set = useAppStore.setState;
export const appState = useAppStore.getState;

/** Tests start from what localStorage holds, like a page load. */
export const resetAppState = () => set(initialState(), true);

export function setSession(sessionId: string, user: User | null): void {
  savedValue.write(KEYS.sessionId, sessionId);
  set({ sessionId, user, sessionChecked: true });
}

/** Forgets the session and everything private tied to it; the brand choice stays. */
export function clearSession(): void {
  savedValue.write(KEYS.sessionId, null);
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
export const setFeedback = (feedback: Feedback | null) => set({ feedback });
export const setGraphFlags = (flags: Partial<Pick<AppState, 'graphVisible' | 'legendVisible'>>) => set(flags);

/** Each navigation starts clean: no graph, no legend, no feedback left from the previous page. */
export const clearNavigationFlags = () => set({ graphVisible: false, legendVisible: false, feedback: null });

/** Runs work under the loading animation, however it ends. */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  set((state) => ({ loadingCount: state.loadingCount + 1 }));
  try {
    return await work();
  } finally {
    set((state) => ({ loadingCount: state.loadingCount - 1 }));
  }
}
