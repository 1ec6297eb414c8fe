// ERP invoice calls (SPEC §7). The dashboard needs the outstanding list now; detail, installments
// and payments come with the invoices work.
import * as z from 'zod/mini';
import { line } from '../text.js';
import { defineCall, pagingQuery, queryBoolean } from '../call.js';
import { isoDate } from '../models.js';

export const invoiceSchema = z.object({
  id: z.string(),
  key: z.string(),
  number: z.string(),
  customerId: z.string(),
  contract: z.object({ id: z.string(), key: z.string(), number: z.string() }),
  invoiceTypeCode: z.int(),
  issueDate: isoDate,
  dueDate: isoDate,
  periodStart: z.nullable(isoDate),
  periodEnd: z.nullable(isoDate),
  amountCents: z.int(),
  outstandingCents: z.int(),
  paymentLevel: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const listInvoices = defineCall({
  name: 'listInvoices',
  method: 'GET',
  path: 'portalapi/Erp/v1/invoices',
  access: 'user',
  reaches: { query: { customerId: ['customer.id', 'customer.key'] } },
  summary: 'Invoices of a reachable customer, newest first; outstandingOnly keeps those still to pay.',
  query: z.object({
    customerId: line().check(z.minLength(1), z.maxLength(64)),
    outstandingOnly: z.optional(queryBoolean),
    orderBy: z.optional(z.enum(['issueDate', 'dueDate'])),
    ...pagingQuery,
  }),
  response: z.object({
    count: z.int(),
    /** Sum still to pay over every matching invoice, not only this page. */
    outstandingCents: z.int(),
    invoices: z.array(invoiceSchema),
  }),
});
