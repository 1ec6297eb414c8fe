// SPEC §2: the selected customer is reloaded from the saved id when missing.
import { ApiFailure } from '../../shared/api/api-client';
import { appState, selectCustomer } from '../../shared/state/app-store';
import { getCustomer } from './api/get-customer';

export async function restoreSelectedCustomer(): Promise<void> {
  const { user, customer, selectedCustomerId } = appState();
  if (!user || customer || !selectedCustomerId) return;
  try {
    selectCustomer(await getCustomer(selectedCustomerId));
  } catch (error) {
    // No longer reachable (delegation revoked…): forget it so the user chooses again.
    if (error instanceof ApiFailure && [403, 404].includes(error.status)) selectCustomer(null);
    else throw error;
  }
}
