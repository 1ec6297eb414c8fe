// The customer on one page, the rest of it, and fixing the account (ADR 045).
// One grouped read of the sections the first page call does not carry (payments, readings, consents,
// sessions, delegations, notifications sent, the customer's security events), each the latest
// SECTION_LIMIT; and the account's fixes, each with a required reason, audited, told to the customer.
// No one-time code, session id, token or password hash is in any answer.
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { STAFF_ROLES } from '../staff-roles.js';
import { isoDate, isoInstant } from '../models.js';
import { line } from '../text.js';
import { staffReason } from './staff.js';

const STAFF = 'staff/v1';

/** Rows shown per section, newest first; the page says so. */
export const SECTION_LIMIT = 20;

const customerParams = z.object({ customerId: line().check(z.regex(/^\d{1,18}$/, 'not_found')) });

export const staffCustomerAccountSchema = z.object({
  /** Payments made in the portal (gateway) and collected elsewhere (bank, post, direct debit). */
  payments: z.array(
    z.object({
      at: isoInstant,
      source: z.enum(['portal', 'collected']),
      /** Portal: the gateway's status; collected: its channel (bank, post, directDebit). */
      channel: z.string(),
      status: z.string(),
      amountCents: z.number(),
      billNumber: z.nullable(z.string()),
    }),
  ),
  /** Readings of the customer's supplies, with the self-reading's verdict when the customer sent it. */
  readings: z.array(
    z.object({
      date: isoDate,
      pointCode: z.string(),
      source: z.string(),
      values: z.string(),
      selfReading: z.boolean(),
      /** Self-readings: implausible (and whether the customer confirmed), meter replaced. */
      notes: z.array(z.string()),
    }),
  ),
  /** Today's consents: the customer's privacy ones and each portal user's notification choices. */
  consents: z.array(
    z.object({ subject: z.string(), consent: z.string(), given: z.boolean(), since: z.nullable(isoInstant) }),
  ),
  /**
   * The latest changes of those consents, newest first: old → new (`from` null: first given at
   * registration), the path (portal, registration) and the username who made it.
   */
  consentChanges: z.array(
    z.object({
      at: isoInstant,
      subject: z.string(),
      consent: z.string(),
      from: z.nullable(z.boolean()),
      to: z.boolean(),
      channel: z.string(),
      who: z.string(),
    }),
  ),
  /** Live sessions of the customer's users: device and when, never an id. */
  sessions: z.array(
    z.object({
      username: z.string(),
      /** "Chrome su Windows". */
      device: z.string(),
      createdAt: isoInstant,
      lastSeenAt: isoInstant,
    }),
  ),
  delegations: z.array(
    z.object({
      direction: z.enum(['given', 'received']),
      /** Given: the delegate's username; received: the delegating customer's name. */
      who: z.string(),
      status: z.string(),
      at: isoInstant,
    }),
  ),
  /** Mail, SMS and push sent to the customer's contacts and devices: never their text. */
  notifications: z.array(
    z.object({
      at: isoInstant,
      channel: z.enum(['mail', 'sms', 'push']),
      subject: z.nullable(z.string()),
      status: z.string(),
    }),
  ),
  /** The customer's own audit trail (security events), as the profile shows it. */
  securityEvents: z.array(
    z.object({ at: isoInstant, username: z.string(), kind: z.string(), detail: z.nullable(z.string()) }),
  ),
  /** The customer's portal users: the actions' targets and their state. */
  users: z.array(
    z.object({
      username: z.string(),
      status: z.string(),
      loginLocked: z.boolean(),
      lastLoginAt: z.nullable(isoInstant),
    }),
  ),
  limit: z.number(),
});
export type StaffCustomerAccount = z.output<typeof staffCustomerAccountSchema>;

export const getStaffCustomerAccount = defineCall({
  name: 'getStaffCustomerAccount',
  method: 'GET',
  path: `${STAFF}/customers/:customerId/account`,
  access: 'staff',
  roles: STAFF_ROLES,
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'The rest of the customer on one page: payments, readings, consents, sessions, delegations, ' +
    'notifications sent and the security events, the latest 20 of each, newest first. Read-only.',
  params: customerParams,
  response: staffCustomerAccountSchema,
});

const actionBody = z.object({ reason: staffReason });
const done = z.object({ done: z.literal(true), count: z.number() });

/** Operators unlock, resend and end sessions: what a caller on the phone asks first. */
const OPERATORS = STAFF_ROLES;

export const unlockCustomerLogin = defineCall({
  name: 'unlockCustomerLogin',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/account/unlock-login`,
  access: 'staff',
  roles: OPERATORS,
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'Clears the login throttle of the customer’s usernames (ADR 012), so the customer can log in at ' +
    'once. 422 when no username is locked (a colleague may have done it). Audited, told to the customer.',
  params: customerParams,
  body: actionBody,
  response: done,
  refusals: [422],
});

export const resendCustomerResetLink = defineCall({
  name: 'resendCustomerResetLink',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/account/reset-link`,
  access: 'staff',
  roles: OPERATORS,
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'Sends the password-reset link of the customer’s users to the contact on file, as "forgotten ' +
    'password" does; the operator never sees it. Once per 5 minutes. Audited, told to the customer.',
  params: customerParams,
  body: actionBody,
  response: done,
  refusals: [422, 429],
});

export const endCustomerSessions = defineCall({
  name: 'endCustomerSessions',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/account/end-sessions`,
  access: 'staff',
  roles: OPERATORS,
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'Ends every session of the customer’s users (every device logs out). 422 when there is none open ' +
    '(a colleague may have ended them). Audited, told to the customer.',
  params: customerParams,
  body: actionBody,
  response: done,
  refusals: [422],
});

/** Contact corrections and phone-confirmed delegations change who reaches the account: supervisors. */
const SUPERVISORS = ['supervisor', 'administrator'] as const;

export const startContactCorrection = defineCall({
  name: 'startContactCorrection',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/account/contact`,
  access: 'staff',
  roles: SUPERVISORS,
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'Starts correcting the e-mail or mobile of the customer’s portal account: the contacts on file are ' +
    'told first, then a code goes to a contact ON FILE (the one replaced, else the other kind; never the ' +
    'new one; the profile’s own check: 3 codes an hour); the customer reads it to the operator. A password ' +
    'link waits 24 hours after the correction. Audited.',
  params: customerParams,
  body: z.object({
    contact: z.enum(['email', 'phone']),
    value: line().check(z.trim(), z.minLength(3), z.maxLength(254)),
    reason: staffReason,
  }),
  /** `sentTo`: where the code went, masked (`m•••@e•••.it`), for the operator to say. */
  response: z.object({ workflowId: z.string(), expiresAt: isoInstant, sentTo: z.string() }),
  refusals: [422, 429],
});

export const confirmContactCorrection = defineCall({
  name: 'confirmContactCorrection',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/account/contact/confirm`,
  access: 'staff',
  roles: SUPERVISORS,
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'The code the customer read out: right, the contact changes (once; the old contact is told); ' +
    'wrong, 422 with the tries left (5 at most). Audited, told to the customer.',
  params: customerParams,
  body: z.object({
    workflowId: line().check(z.trim(), z.minLength(1), z.maxLength(64)),
    code: line().check(z.trim(), z.maxLength(10, 'staff_contact_code_wrong')),
    reason: staffReason,
  }),
  response: done,
  refusals: [422],
});

export const revokeCustomerDelegation = defineCall({
  name: 'revokeCustomerDelegation',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/account/delegation/revoke`,
  access: 'staff',
  roles: SUPERVISORS,
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'Revokes the customer’s active delegation to the named delegate (on the customer’s request): the ' +
    'delegate reaches nothing of it from the next call; told to both. 422 when there is none. Audited.',
  params: customerParams,
  body: z.object({ delegate: line().check(z.trim(), z.minLength(1), z.maxLength(64)), reason: staffReason }),
  response: done,
  refusals: [422],
});

export const confirmCustomerDelegation = defineCall({
  name: 'confirmCustomerDelegation',
  method: 'POST',
  path: `${STAFF}/customers/:customerId/account/delegation`,
  access: 'staff',
  roles: SUPERVISORS,
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'Confirms, for the customer who confirmed it on the phone, a pending delegation request of the ' +
    'named delegate (the reply the customer’s link would give). 422 when none is pending. Audited.',
  params: customerParams,
  body: z.object({ delegate: line().check(z.trim(), z.minLength(1), z.maxLength(64)), reason: staffReason }),
  response: done,
  refusals: [422],
});
