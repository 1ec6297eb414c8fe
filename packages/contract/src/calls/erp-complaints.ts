// Complaints (reclami, ARERA TIQV; ADR 030): filed online with their category, supply, bill and
// attachments, each with its own number, clock and state; listed, read and downloaded as a PDF by the
// customer; also filed logged out (a guest session) with what TIQV's minimum content asks, and looked
// up later with its number and the code given with the receipt.
import * as z from 'zod/mini';
import { defineCall, idOrKey, idParam } from '../call.js';
import type { MessageCode } from '../messages.js';
import { isoDate, isoInstant } from '../models.js';
import { line, text } from '../text.js';
import { commoditySchema } from './erp-supplies.js';

const ERP = 'portalapi/Erp/v1';

/** The form's limits (ours): a full account fits, and every attachment together fits one request. */
export const COMPLAINT_LIMITS = {
  textMax: 4000,
  attachmentsMax: 3,
  /** Decoded bytes of all attachments together (the request body is limited to 1 MB). */
  attachmentsMaxBytes: 700 * 1024,
} as const;

export const contactPreferenceSchema = z.enum(['email', 'phone', 'post']);

const attachmentInput = z.object({
  fileName: line().check(z.minLength(1), z.maxLength(120)),
  /** Base64; the type is read from the content, the size checked by the server. */
  data: text().check(z.maxLength(1_000_000, 'complaint_attachments_too_large' satisfies MessageCode)),
});

/** What the customer writes, logged in or out. */
const complaintFields = {
  /** A COMPLAINT_CATEGORIES code of @sportello/domain (the server says which). */
  category: line({ error: () => 'complaint_category_required' satisfies MessageCode }).check(
    z.minLength(1, 'complaint_category_required' satisfies MessageCode),
    z.maxLength(32, 'complaint_category_required' satisfies MessageCode),
  ),
  body: text({ error: () => 'complaint_text_required' satisfies MessageCode }).check(
    z.trim(),
    z.minLength(1, 'complaint_text_required' satisfies MessageCode),
    z.maxLength(COMPLAINT_LIMITS.textMax, 'complaint_text_too_long' satisfies MessageCode),
  ),
  contactPreference: contactPreferenceSchema,
  /** The bill's number as printed, where the category concerns one; one of the supply's bills. */
  invoiceNumber: z.optional(line().check(z.trim(), z.maxLength(32))),
  attachments: z._default(
    z
      .array(attachmentInput)
      .check(
        z.maxLength(COMPLAINT_LIMITS.attachmentsMax, 'complaint_too_many_attachments' satisfies MessageCode),
      ),
    [],
  ),
};

export const rectificationOutcomeSchema = z.enum(['pending', 'rectified', 'not_due']);

export const rectificationClockSchema = z.object({
  /** The standard: 60 days for a bill, 15 for a double billing. */
  days: z.int(),
  dueDate: isoDate,
  /** Days left today while pending (0 on the day, negative once past); null once done. */
  daysLeft: z.nullable(z.int()),
  /** pending; rectified (the bill corrected); not_due (the bill was right). */
  outcome: rectificationOutcomeSchema,
  doneAt: z.nullable(isoInstant),
  compensationCents: z.int(),
});

export const complaintSchema = z.object({
  id: z.string(),
  /** The complaint's number, the customer's receipt. */
  key: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  supply: z.object({
    key: z.string(),
    commodity: commoditySchema,
    pointCode: z.string(),
    address: z.string(),
  }),
  invoice: z.nullable(z.object({ key: z.string(), number: z.string() })),
  body: z.string(),
  contactPreference: contactPreferenceSchema,
  /** open: waiting for the reasoned reply; answered. */
  state: z.enum(['open', 'answered']),
  filedAt: isoInstant,
  /** The day the reasoned reply is due (30 days, every category). */
  dueDate: isoDate,
  /** Days left to the reply's due date today (0 on the day, negative once past); null once answered. */
  daysLeft: z.nullable(z.int()),
  answeredAt: z.nullable(isoInstant),
  answer: z.nullable(z.string()),
  /** The reply clock's automatic compensation (answered late, or still unanswered past its due date). */
  replyCompensationCents: z.int(),
  /** The billing categories' second clock: the bill rectified (or found right) by its own due date. */
  rectification: z.nullable(rectificationClockSchema),
  /** Both clocks' automatic compensation together. */
  compensationCents: z.int(),
  /** The bill it was credited on, once it is. */
  compensationInvoice: z.nullable(z.object({ key: z.string(), number: z.string() })),
  /** Collection of the bills it concerns waits until it is settled (replied to, and rectified where due). */
  suspendsCollection: z.boolean(),
  /** The bills whose collection it suspends. */
  suspendedBills: z.array(z.object({ key: z.string(), number: z.string() })),
  /** Kept at least until this day (the rule's retention period). */
  keptUntil: isoDate,
  attachments: z.array(z.object({ documentId: z.string(), fileName: z.string(), contentType: z.string() })),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const listComplaints = defineCall({
  name: 'listComplaints',
  method: 'GET',
  path: `${ERP}/complaints`,
  access: 'user',
  reaches: { query: { customerKey: ['customer.key', 'customer.id'] } },
  summary: 'The complaints of a reachable customer, newest first, each with its clock and compensation.',
  query: z.object({ customerKey: idOrKey }),
  response: z.object({ complaints: z.array(complaintSchema) }),
});

export const getComplaint = defineCall({
  name: 'getComplaint',
  method: 'GET',
  path: `${ERP}/complaints/:id`,
  access: 'user',
  reaches: { params: { id: ['complaint.id', 'complaint.key'] } },
  summary: 'One complaint with its answer, clock and compensation.',
  params: idParam,
  response: complaintSchema,
});

export const getComplaintPdf = defineCall({
  name: 'getComplaintPdf',
  method: 'GET',
  path: `${ERP}/complaints/:id/pdf`,
  access: 'user',
  reaches: { params: { id: ['complaint.id', 'complaint.key'] } },
  summary: 'The complaint and its answer as a PDF (base64), drawn on request.',
  params: idParam,
  response: z.object({ fileName: z.string(), contentType: z.string(), data: z.string() }),
});

export const fileComplaint = defineCall({
  name: 'fileComplaint',
  method: 'POST',
  path: `${ERP}/complaints`,
  access: 'user',
  refusals: [422, 429],
  // The bill is named by its printed number and looked up among the supply's own bills, so no other
  // customer's bill can be named (ADR 030).
  reaches: { body: { supplyKey: ['supply.key', 'supply.id'] } },
  summary:
    'Files a complaint on a reachable supply (and its bill where the category concerns one), with attachments checked by content and size.',
  body: z.object({
    supplyKey: idOrKey,
    ...complaintFields,
  }),
  response: complaintSchema,
});

/** The service a logged-out complaint is about, as TIQV's minimum content asks. */
export const guestCommoditySchema = z.enum(['electricity', 'gas', 'both']);

const nameLine = (code: MessageCode) =>
  line({ error: () => code }).check(z.trim(), z.minLength(1, code), z.maxLength(80, code));

/** What a logged-out complaint answers: its receipt, with the code to look it up by (shown once). */
export const guestReceiptSchema = z.object({
  key: z.string(),
  /** Looks the complaint up with its number; shown and mailed once, kept only as a hash. */
  lookupCode: z.string(),
  filedAt: isoInstant,
  dueDate: isoDate,
  rectificationDueDate: z.nullable(isoDate),
  categoryLabel: z.string(),
});
export type GuestReceipt = z.infer<typeof guestReceiptSchema>;

export const fileGuestComplaint = defineCall({
  name: 'fileGuestComplaint',
  method: 'POST',
  path: `${ERP}/complaints/guest`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    "The logged-out complaint form (guest session), asking only TIQV's minimum content: name and surname, supply address, service, POD/PDR or client code, an e-mail for the receipt and the reply; the holder is found by the POD/PDR or client code and the surname. Answers the receipt with a lookup code, also mailed. Rate limited.",
  body: z.object({
    firstName: nameLine('complaint_first_name_required'),
    lastName: nameLine('complaint_last_name_required'),
    supplyAddress: line({ error: () => 'complaint_supply_address_required' satisfies MessageCode }).check(
      z.trim(),
      z.minLength(1, 'complaint_supply_address_required' satisfies MessageCode),
      z.maxLength(200, 'complaint_supply_address_required' satisfies MessageCode),
    ),
    commodity: guestCommoditySchema,
    /** The supply's POD or PDR, where known; else the client code. */
    pointCode: z.optional(
      line().check(z.trim(), z.maxLength(32, 'complaint_point_required' satisfies MessageCode)),
    ),
    customerCode: z.optional(
      line().check(z.trim(), z.regex(/^\d{0,20}$/, 'invalid_customer_code' satisfies MessageCode)),
    ),
    email: line({ error: () => 'invalid_email' satisfies MessageCode }).check(
      z.trim(),
      z.minLength(1, 'invalid_email' satisfies MessageCode),
      z.maxLength(254, 'invalid_email' satisfies MessageCode),
    ),
    ...complaintFields,
  }),
  response: guestReceiptSchema,
});

/** What the sender of a logged-out complaint sees of it: its clocks and the reply, no account data. */
export const guestComplaintSchema = z.object({
  key: z.string(),
  categoryLabel: z.string(),
  filedAt: isoInstant,
  state: z.enum(['open', 'answered']),
  dueDate: isoDate,
  daysLeft: z.nullable(z.int()),
  answeredAt: z.nullable(isoInstant),
  answer: z.nullable(z.string()),
  rectification: z.nullable(rectificationClockSchema),
  compensationCents: z.int(),
  /** The receipt as a PDF (base64): tagged, fonts embedded. */
  pdf: z.string(),
});
export type GuestComplaint = z.infer<typeof guestComplaintSchema>;

export const lookUpGuestComplaint = defineCall({
  name: 'lookUpGuestComplaint',
  method: 'POST',
  path: `${ERP}/complaints/guest/lookup`,
  access: 'session',
  refusals: [404, 429],
  reaches: 'nothing',
  summary:
    'A logged-out complaint by its number and the code of its receipt (guest session): a wrong code and an unknown number answer the same 404; attempts are limited per address and per number.',
  body: z.object({
    key: line({ error: () => 'complaint_lookup_not_found' satisfies MessageCode }).check(
      z.trim(),
      z.minLength(1, 'complaint_lookup_not_found' satisfies MessageCode),
      z.maxLength(40, 'complaint_lookup_not_found' satisfies MessageCode),
    ),
    code: line({ error: () => 'complaint_lookup_not_found' satisfies MessageCode }).check(
      z.trim(),
      z.minLength(1, 'complaint_lookup_not_found' satisfies MessageCode),
      z.maxLength(40, 'complaint_lookup_not_found' satisfies MessageCode),
    ),
  }),
  response: guestComplaintSchema,
});
