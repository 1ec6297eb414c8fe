// Every call of the customer-care console (ADR 041), for its access suite and the OpenAPI document.
// One line per group of calls.
import type { Call } from './call.js';
import * as staff from './calls/staff.js';
import * as staffPasskeys from './calls/staff-passkeys.js';

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

const groups: readonly object[] = [
  staff, // login, session, search, the customer on one page
  staffPasskeys, // passkeys of the staff: login with one, add after a code login, remove (ADR 044)
];

export const staffCalls: readonly Call[] = groups
  .flatMap((group): unknown[] => Object.values(group))
  .filter(isCall);
