// ERP invoice calls (SPEC §7). The dashboard needs the outstanding list now; detail, installments
// and payments come with the invoices work.
import { z } from 'zod';
import { defineCall, pagingQuery, queryBoolean } from '../call.js';
import { isoDate } from '../models.js';

export const invoiceSchema = z.object({
  id: z.string(),
  key: z.string(),
  number: z.string(),
  customerId: z.string(),
  contract: z.object({ id: z.string(), key: z.string(), number: z.string() }),
  invoiceTypeCode: z.number().int(),
  issueDate: isoDate,
  dueDate: isoDate,
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
  amountCents: z.number().int(),
  outstandingCents: z.number().int(),
  paymentLevel: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const listInvoices = defineCall({
  name: 'listInvoices',
  method: 'GET',
  path: 'portalapi/Erp/v1/invoices',
  access: 'user',
  summary: 'Invoices of a reachable customer, newest first; outstandingOnly keeps those still to pay.',
  query: z.object({
    customerId: z.string().min(1).max(64),
    outstandingOnly: queryBoolean.optional(),
    orderBy: z.enum(['issueDate', 'dueDate']).optional(),
    ...pagingQuery,
  }),
  response: z.object({
    count: z.number().int(),
    /** Sum still to pay over every matching invoice, not only this page. */
    outstandingCents: z.number().int(),
    invoices: z.array(invoiceSchema),
  }),
});
