// What a token reads (ADR 037), part of the `personal` calls (./personal.ts): the consumption,
// readings, bills and prices of its user's own supplies, with `access: 'token'`. They live under
// /services/rest/personal/ and have their own OpenAPI document (/services/rest/personal/openapi.json).
import * as z from 'zod/mini';
import { defineCall } from '../call.js';
import { getConsumptions, listQuotations, listReadings } from './erp-metering.js';
import { listInvoices } from './erp-invoices.js';
import { listSupplies } from './erp-supplies.js';

const PERSONAL = 'personal/v1';

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
