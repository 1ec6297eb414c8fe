// ERP payment calls (SPEC §3, §4, §7): create a payment of one or more bills (or installments),
// read it back, and record what the browser saw on its return. The amount is always computed by
// the server; only the gateway's signed notification marks a payment paid.
import * as z from 'zod/mini';
import { defineCall, idOrKey, idParam, pagingQuery } from '../call.js';
import { PAY_KINDS, PAYMENT_GATEWAY_DEFAULT } from '../constants.js';
import { isoInstant } from '../models.js';

const ERP = 'portalapi/Erp/v1';

/** Pending until the gateway notifies; Expired when its checkout timed out unpaid. */
export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Refused', 'Cancelled', 'Expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What the browser reports on its return from the gateway (never trusted to mark a payment paid). */
export const USER_OUTCOMES = ['OK', 'KO', 'CANCEL'] as const;

export const MAX_PAYMENT_ITEMS = 50;

export const paymentItemSchema = z.object({
  kind: z.enum(['invoice', 'installment']),
  id: z.string(),
  /** The invoice the item belongs to (itself for an invoice). */
  invoiceId: z.string(),
  /** Bill number, with the installment number for an installment. */
  label: z.string(),
  amountCents: z.int(),
});

export const paymentSchema = z.object({
  id: z.string(),
  key: z.string(),
  customerId: z.string(),
  gatewayId: z.int(),
  payKind: z.enum(PAY_KINDS),
  /** Sum of the items, computed by the server. */
  totalAmount: z.int(),
  items: z.array(paymentItemSchema),
  status: z.enum(PAYMENT_STATUSES),
  userOutcome: z.nullable(z.enum(USER_OUTCOMES)),
  userOutcomeDate: z.nullable(isoInstant),
  /** Where the browser goes to pay (the gateway's hosted page); null once the payment is final. */
  redirectUrl: z.nullable(z.string()),
  createdAt: isoInstant,
  completedAt: z.nullable(isoInstant),
});
export type Payment = z.infer<typeof paymentSchema>;

export const createPayment = defineCall({
  name: 'createPayment',
  method: 'POST',
  path: `${ERP}/payments`,
  access: 'user',
  refusals: [409, 422],
  reaches: { body: { returnInvoiceId: ['invoice.id', 'invoice.key'] } },
  summary:
    'Creates a payment of one or more invoices (payKind Invoices) or installments (Installments) and ' +
    'answers the gateway page to redirect to. The total is the sum still owed on the items; a ' +
    'different totalAmount from the client is refused (422).',
  body: z.object({
    payKind: z.enum(PAY_KINDS),
    gatewayId: z._default(z.int().check(z.minimum(1)), PAYMENT_GATEWAY_DEFAULT),
    /** Invoice ids or keys (Invoices) or installment ids (Installments). */
    items: z.array(z.object({ id: idOrKey })).check(z.minLength(1), z.maxLength(MAX_PAYMENT_ITEMS)),
    /** What the page showed; only compared with the server's total, never used. */
    totalAmount: z.optional(z.int()),
    /** The invoice page the browser returns to (payment_ok / payment_ko); the first item's invoice by default. */
    returnInvoiceId: z.optional(idOrKey),
    /**
     * The customer chose to pay bills the bank would debit on their due date: without it such a bill
     * is refused (422); with it, the settled payment tells the ERP to leave them out of the debit.
     */
    skipDirectDebit: z.optional(z.boolean()),
  }),
  response: paymentSchema,
});

export const listPayments = defineCall({
  name: 'listPayments',
  method: 'GET',
  path: `${ERP}/payments`,
  access: 'user',
  reaches: { query: { customerId: ['customer.id', 'customer.key'] } },
  summary: 'Payments of a reachable customer, newest first.',
  query: z.object({ customerId: idOrKey, ...pagingQuery }),
  response: z.object({ count: z.int(), payments: z.array(paymentSchema) }),
});

export const getPayment = defineCall({
  name: 'getPayment',
  method: 'GET',
  path: `${ERP}/payments/:id`,
  access: 'user',
  reaches: { params: { id: ['payment.id', 'payment.key'] } },
  summary: 'One payment by id or key, with its status as the gateway last notified it.',
  params: idParam,
  response: paymentSchema,
});

export const modifyPayment = defineCall({
  name: 'modifyPayment',
  method: 'PUT',
  path: `${ERP}/payments`,
  access: 'user',
  reaches: { body: { id: ['payment.id', 'payment.key'] } },
  summary:
    'Saves the outcome the browser saw on its return from the gateway (SPEC §4). It never marks a ' +
    'payment paid: only the gateway notification does.',
  body: z.object({
    id: idOrKey,
    userOutcome: z.enum(USER_OUTCOMES),
    userOutcomeDate: z.optional(isoInstant),
  }),
  response: paymentSchema,
});
