// What every navigation needs from the server before the guards decide (SPEC §2): a live session,
// the modules list (guard 1) and the selected customer. Asked in as few round trips as possible
//: on a page load with a stored session, its check, the modules and the saved customer
// go together, each answer kept only if the check confirms the session; then the modules are held
// for the session and re-asked in the background once they are older than MODULES_FRESH_MS, so a
// navigation never waits for them again (ADR 033).
import { erpCustomers } from '@sportello/contract';
import { callApi, type CallOptions } from '../shared/api/api-client';
import { restoreSelectedCustomer } from '../shared/session/restore-selected-customer';
import { ensureSession } from '../shared/session/session-lifecycle';
import { appState, selectCustomer, setModules, storedSessionWasLoggedIn } from '../shared/state/app-store';
import { listModules } from './api/list-modules';

/**
 * How long a modules list is used as it is. A brand's modules change with the server's settings,
 * not with what the user does: a change reaches a session within this time, at its next navigation.
 */
export const MODULES_FRESH_MS = 5 * 60_000;

/** When the modules list in the store was asked (the store forgets it with the session). */
let modulesAskedAt = 0;

async function askModules(options?: CallOptions): Promise<string[]> {
  const askedAt = Date.now();
  const modules = await listModules(options);
  modulesAskedAt = askedAt;
  return modules;
}

/** Guard 1: waits only when no list is held; an old list is re-asked behind the navigation. */
async function refreshModules(): Promise<void> {
  if (appState().modules === null) {
    setModules(await askModules());
    return;
  }
  if (Date.now() - modulesAskedAt < MODULES_FRESH_MS) return;
  modulesAskedAt = Date.now();
  void askModules()
    .then(setModules)
    .catch(() => {
      // The held list stays; the next navigation after the fresh time asks again.
      modulesAskedAt = 0;
    });
}

/**
 * A page load with a stored, unchecked session: the modules and the saved customer are asked with
 * it while it is checked. They own a 401 (an ended session is the check's to handle) and are quiet;
 * whatever they cannot answer is asked again, the usual way, after the check.
 */
async function checkStoredSession(sessionId: string): Promise<void> {
  const options = { sessionId, quiet: true, ownsSessionExpiry: true };
  const { selectedCustomerId } = appState();
  const settle = <T>(promise: Promise<T>) => promise.catch(() => null);
  const modules = settle(askModules(options));
  const customer =
    selectedCustomerId && storedSessionWasLoggedIn()
      ? settle(callApi(erpCustomers.getCustomer, { params: { id: selectedCustomerId } }, options))
      : Promise.resolve(null);
  await ensureSession();
  const [modulesAnswer, customerAnswer] = await Promise.all([modules, customer]);
  const state = appState();
  if (state.sessionId !== sessionId) return;
  if (modulesAnswer && state.modules === null) setModules(modulesAnswer);
  if (customerAnswer && state.user && !state.customer && state.selectedCustomerId === customerAnswer.id)
    selectCustomer(customerAnswer);
}

export async function refreshServerState(): Promise<void> {
  const { company, sessionId, sessionChecked } = appState();
  if (!company) return;
  if (sessionId && !sessionChecked) await checkStoredSession(sessionId);
  else await ensureSession();
  // Both need only the session (and do nothing when already held): asked together.
  await Promise.all([refreshModules(), restoreSelectedCustomer()]);
}
