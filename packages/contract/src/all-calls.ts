// Every call of the contract, for the OpenAPI document and for route-coverage tests.
import type { Call } from './call.js';
import * as core from './calls/core.js';
import * as erpCustomers from './calls/erp-customers.js';

export const allCalls: readonly Call[] = [...Object.values(core), ...Object.values(erpCustomers)];
