// Every call of the customer-care console (ADR 041), for its access suite and the OpenAPI document.
// One line per group of calls.
import type { Call } from './call.js';
import * as staff from './calls/staff.js';
import * as staffQueues from './calls/staff-queues.js';
import * as staffAccount from './calls/staff-account.js';
import * as staffViews from './calls/staff-views.js';
import * as staffPasskeys from './calls/staff-passkeys.js';

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

const groups: readonly object[] = [
  staff, // login, session, search, the customer on one page
  staffQueues, // work queues: assign, answer, phase, escalate (ADR 042)
  staffAccount, // the customer page's other sections and the account's fixes (ADR 045)
  staffViews, // see as the customer: open a read-only view, spend its code, list the views
  staffPasskeys, // passkeys of the staff: login with one, add after a code login, remove (ADR 044)
];

export const staffCalls: readonly Call[] = groups
  .flatMap((group): unknown[] => Object.values(group))
  .filter(isCall);
