// The customer-care console's calls (ADR 041): staff login with password and a one-time
// code, the staff session, the one search box and the customer on one page. Their own list
// (staff-calls.ts) and access suite (server/test/contract-access-staff.test.ts): each is tried with
// every role, a customer's session, another brand's operator and no session.
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { STAFF_ROLES } from '../staff-roles.js';
import { COMPANY_CODES } from '../constants.js';
import { isoDate, isoInstant } from '../models.js';
import { line } from '../text.js';
import { complaintSchema } from './erp-complaints.js';
import { messageSchema } from './erp-messages.js';
import { requestSchema } from './erp-supplies.js';

const STAFF = 'staff/v1';
const EVERY_ROLE = STAFF_ROLES;

export const staffSessionSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  brands: z.array(z.enum(COMPANY_CODES)),
  /** The session dies after this much idleness, and at `expiresAt` whatever happens. */
  idleMinutes: z.number(),
  expiresAt: isoInstant,
});
export type StaffSession = z.output<typeof staffSessionSchema>;

export const staffLogin = defineCall({
  name: 'staffLogin',
  method: 'POST',
  path: `${STAFF}/login`,
  access: 'public',
  reaches: 'nothing',
  summary:
    'Opens a staff session: username, password and the current code of the authenticator app (TOTP, ' +
    'each code once). Throttled as customer logins (ADR 012). The id goes in the `staffSessionId` header.',
  body: z.object({
    username: line().check(z.minLength(1), z.maxLength(64)),
    password: line().check(z.minLength(1), z.maxLength(256)),
    code: line().check(z.regex(/^\d{6}$/, 'staff_wrong_credentials')),
  }),
  response: z.object({ id: z.string(), session: staffSessionSchema }),
  refusals: [422, 429],
});

export const staffLogout = defineCall({
  name: 'staffLogout',
  method: 'POST',
  path: `${STAFF}/logout`,
  access: 'staff',
  roles: EVERY_ROLE,
  reaches: 'nothing',
  summary: 'Ends the asking staff session.',
  response: z.object({ ended: z.literal(true) }),
});

export const getStaffSession = defineCall({
  name: 'getStaffSession',
  method: 'GET',
  path: `${STAFF}/session`,
  access: 'staff',
  roles: EVERY_ROLE,
  reaches: 'nothing',
  summary: 'Who the asking staff session is: name, role, brands, and when it dies.',
  response: staffSessionSchema,
});

export const REASON_MIN = 10;
export const REASON_MAX = 500;

/**
 * Why the operator acts, wherever the console asks (a fix of the account, an escalation, a view as
 * the customer): required, one line, 10–500 characters. The audit keeps it; a fix tells the customer.
 */
export const staffReason = line({ error: 'staff_reason_required' }).check(
  z.trim(),
  z.minLength(REASON_MIN, 'staff_reason_required'),
  z.maxLength(REASON_MAX, 'staff_reason_too_long'),
);

export const STAFF_SEARCH_MIN = 2;

export const customerFoundSchema = z.object({
  id: z.string(),
  company: z.enum(COMPANY_CODES),
  customerCode: z.string(),
  name: z.string(),
  fiscalCode: z.nullable(z.string()),
  vatNumber: z.nullable(z.string()),
  /** What matched, when it was not the name: `pod`, `bill`, `email`… with the value that matched. */
  matched: z.enum(['name', 'fiscalCode', 'vatNumber', 'customerCode', 'pointCode', 'email', 'phone', 'bill']),
  matchedValue: z.string(),
});
export type CustomerFound = z.output<typeof customerFoundSchema>;

export const searchStaffCustomers = defineCall({
  name: 'searchStaffCustomers',
  method: 'GET',
  path: `${STAFF}/customers`,
  access: 'staff',
  roles: EVERY_ROLE,
  reaches: 'nothing',
  summary:
    'The one search box: name (typo-tolerant), fiscal code, VAT number, client code, POD/PDR, e-mail, ' +
    'phone or bill number; the customers of the account’s brands only, at most 20, best first. Audited.',
  query: z.object({
    q: line().check(z.trim(), z.minLength(STAFF_SEARCH_MIN, 'staff_search_too_short'), z.maxLength(100)),
  }),
  response: z.array(customerFoundSchema),
});

const staffSupplySchema = z.object({
  key: z.string(),
  commodity: z.string(),
  pointCode: z.string(),
  status: z.string(),
  address: z.string(),
});

const staffBillSchema = z.object({
  key: z.string(),
  number: z.string(),
  issueDate: isoDate,
  dueDate: isoDate,
  amountCents: z.number(),
  outstandingCents: z.number(),
  paymentLevel: z.string(),
});

export const staffCustomerSchema = z.object({
  customer: z.object({
    id: z.string(),
    key: z.string(),
    company: z.enum(COMPANY_CODES),
    customerCode: z.string(),
    customerType: z.string(),
    name: z.string(),
    fiscalCode: z.nullable(z.string()),
    vatNumber: z.nullable(z.string()),
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
  }),
  supplies: z.array(staffSupplySchema),
  /** The latest bills, newest first, and the sum still owed over all of them. */
  bills: z.array(staffBillSchema),
  owedCents: z.number(),
  /** Requests (newest first, the latest 10 of `requestCount`), complaints with their clocks, messages sent. */
  requests: z.array(requestSchema),
  requestCount: z.number(),
  complaints: z.array(complaintSchema),
  messages: z.array(messageSchema),
  messageCount: z.number(),
});
export type StaffCustomer = z.output<typeof staffCustomerSchema>;

export const getStaffCustomer = defineCall({
  name: 'getStaffCustomer',
  method: 'GET',
  path: `${STAFF}/customers/:customerId`,
  access: 'staff',
  roles: EVERY_ROLE,
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'The customer on one page: identity and contacts, supplies, bills and what is owed, requests, ' +
    'complaints with their clocks, messages sent. Read-only; every view is audited.',
  params: z.object({ customerId: line().check(z.regex(/^\d{1,18}$/, 'not_found')) }),
  response: staffCustomerSchema,
});

export const staffAuditEntrySchema = z.object({
  at: isoInstant,
  staff: z.nullable(z.string()),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

export const listStaffAudit = defineCall({
  name: 'listStaffAudit',
  method: 'GET',
  path: `${STAFF}/customers/:customerId/staff-audit`,
  access: 'staff',
  roles: ['supervisor', 'administrator'],
  reaches: { params: { customerId: 'customer.id' } },
  summary:
    'What the staff did about a customer (views, answers), newest first, at most 100: supervisors and ' +
    'administrators only.',
  params: z.object({ customerId: line().check(z.regex(/^\d{1,18}$/, 'not_found')) }),
  response: z.array(staffAuditEntrySchema),
});
