import { erpCustomers } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';

/** Quiet: restoring a saved choice that is no longer reachable just asks the user to choose again. */
export const getCustomer = (id: string) =>
  callApi(erpCustomers.getCustomer, { params: { id } }, { quiet: true });
