// SPEC §2: the selected customer is reloaded from the saved id when missing (before navigating).
import { erpCustomers } from '@sportello/contract';
import { ApiFailure, callApi } from '../api/api-client';
import { appState, selectCustomer } from '../state/app-store';

export async function restoreSelectedCustomer(): Promise<void> {
  const { user, customer, selectedCustomerId } = appState();
  if (!user || customer || !selectedCustomerId) return;
  try {
    // Quiet: a saved choice that is no longer reachable just asks the user to choose again.
    selectCustomer(
      await callApi(erpCustomers.getCustomer, { params: { id: selectedCustomerId } }, { quiet: true }),
    );
  } catch (error) {
    // No longer reachable (delegation revoked…): forget it so the user chooses again.
    if (error instanceof ApiFailure && [403, 404].includes(error.status)) selectCustomer(null);
    else throw error;
  }
}
