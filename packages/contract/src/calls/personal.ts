// Personal read-only tokens (issue 28 item 4, ADR 037): the profile creates, lists and revokes them
// (a logged-in user's calls), and a token reads, with `access: 'token'`, the consumption, readings,
// bills and prices of its user's own supplies. The token calls live under /services/rest/personal/
// and have their own OpenAPI document (/services/rest/personal/openapi.json).
import * as z from 'zod/mini';
import { line } from '../text.js';
import { defineCall } from '../call.js';
import { calendarDate, isoInstant } from '../models.js';
import { getConsumptions, listQuotations, listReadings } from './erp-metering.js';
import { listInvoices } from './erp-invoices.js';
import { listSupplies } from './erp-supplies.js';

const CORE = 'portalapi/Core/v1';
const PERSONAL = 'personal/v1';

export const personalTokenSchema = z.object({
  /** Names the token to revoke it; not the token. */
  key: z.string(),
  name: z.string(),
  createdAt: isoInstant,
  expiresAt: isoInstant,
  lastUsedAt: z.nullable(isoInstant),
  expired: z.boolean(),
});
export type PersonalToken = z.output<typeof personalTokenSchema>;

export const listPersonalTokens = defineCall({
  name: 'listPersonalTokens',
  method: 'GET',
  path: `${CORE}/user/tokens`,
  access: 'user',
  reaches: 'nothing',
  summary: 'The personal read-only tokens of the logged-in user not revoked, newest first (never the token).',
  response: z.array(personalTokenSchema),
});

export const createPersonalToken = defineCall({
  name: 'createPersonalToken',
  method: 'POST',
  path: `${CORE}/user/tokens`,
  access: 'user',
  refusals: [422],
  reaches: 'nothing',
  summary:
    'A new personal read-only token with a name and an expiry (tomorrow to a year from today, Rome ' +
    'dates): the answer is the only time the token is shown; only its hash is kept. At most 10 live.',
  body: z.object({
    name: line().check(z.trim(), z.minLength(1, 'required'), z.maxLength(60)),
    expiresOn: calendarDate,
  }),
  response: z.object({ token: z.string(), details: personalTokenSchema }),
});

const tokenKey = line().check(z.regex(/^TOK-[0-9a-f]{16}$/, 'not_found'));

export const revokePersonalToken = defineCall({
  name: 'revokePersonalToken',
  method: 'DELETE',
  path: `${CORE}/user/tokens/:key`,
  access: 'user',
  reaches: { params: { key: 'personalToken.key' } },
  summary: 'Revokes one of the logged-in user’s tokens: from the next request it reaches nothing.',
  params: z.object({ key: tokenKey }),
  response: z.object({ revoked: z.literal(true) }),
});

// What a token reads: the same answers as the portal's own calls, its user's own customer only.
const { customerKey: _customer, ...supplyListQuery } = listSupplies.query.shape;
const { customerId: _invoiceCustomer, ...invoiceListQuery } = listInvoices.query.shape;

export const personalSupplies = defineCall({
  name: 'personalSupplies',
  method: 'GET',
  path: `${PERSONAL}/supplies`,
  access: 'token',
  reaches: 'nothing',
  summary: 'The supplies of the token’s customer: their keys name them in the other calls.',
  query: z.object(supplyListQuery),
  response: listSupplies.response,
});

export const personalConsumptions = defineCall({
  name: 'personalConsumptions',
  method: 'GET',
  path: `${PERSONAL}/consumptions`,
  access: 'token',
  reaches: { query: { supplyKey: ['supply.key', 'supply.id'] } },
  summary:
    'Consumption of one of the customer’s supplies from..to (Rome dates, to exclusive) by band: hour ' +
    '(where the meter has it, 62 days at most), day, month or year.',
  query: getConsumptions.query,
  response: getConsumptions.response,
});

export const personalReadings = defineCall({
  name: 'personalReadings',
  method: 'GET',
  path: `${PERSONAL}/readings`,
  access: 'token',
  reaches: { query: { supplyKey: ['supply.key', 'supply.id'] } },
  summary: 'Meter readings of one of the customer’s supplies since startDate (default two years back).',
  query: listReadings.query,
  response: listReadings.response,
});

export const personalInvoices = defineCall({
  name: 'personalInvoices',
  method: 'GET',
  path: `${PERSONAL}/invoices`,
  access: 'token',
  reaches: { query: { contractId: ['contract.id', 'contract.key'] } },
  summary: 'The customer’s bills, newest first, with what is still to pay; contractId keeps one supply’s.',
  query: z.object(invoiceListQuery),
  response: listInvoices.response,
});

export const personalPrices = defineCall({
  name: 'personalPrices',
  method: 'GET',
  path: `${PERSONAL}/prices`,
  access: 'token',
  reaches: 'nothing',
  summary: 'Hourly PUN prices (€/MWh in thousandths) between two Rome dates, end exclusive.',
  query: listQuotations.query,
  response: listQuotations.response,
});
