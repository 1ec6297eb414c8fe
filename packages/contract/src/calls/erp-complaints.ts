// Complaints (reclami, ARERA TIQV; ADR 030): filed online with their category, supply, bill and
// attachments, each with its own number, clock and state; listed, read and downloaded as a PDF by the
// customer; also filed logged out (a guest session) with the client code and fiscal code.
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
  /** open: waiting for the answer; answered. */
  state: z.enum(['open', 'answered']),
  filedAt: isoInstant,
  /** The day the answer is due, from the category's standard. */
  dueDate: isoDate,
  /** Days left to the due date today (0 on the day, negative once past); null once answered. */
  daysLeft: z.nullable(z.int()),
  answeredAt: z.nullable(isoInstant),
  answer: z.nullable(z.string()),
  /** The automatic compensation owed (answered late, or still unanswered past the due date). */
  compensationCents: z.int(),
  /** The bill it was credited on, once it is. */
  compensationInvoice: z.nullable(z.object({ key: z.string(), number: z.string() })),
  /** Collection of the bill waits for the answer. */
  suspendsCollection: z.boolean(),
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

export const fileGuestComplaint = defineCall({
  name: 'fileGuestComplaint',
  method: 'POST',
  path: `${ERP}/complaints/guest`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary:
    'The logged-out complaint form (guest session): the customer is found by client code, fiscal code and POD/PDR; answers the receipt (number, filing date, due date). Rate limited.',
  body: z.object({
    clientCode: line({ error: () => 'customer_code_required' satisfies MessageCode }).check(
      z.trim(),
      z.minLength(1, 'customer_code_required' satisfies MessageCode),
      z.regex(/^\d{0,20}$/, 'invalid_customer_code' satisfies MessageCode),
    ),
    fiscalCode: line({ error: () => 'invalid_tax_code' satisfies MessageCode }).check(
      z.trim(),
      z.minLength(11, 'invalid_tax_code' satisfies MessageCode),
      z.maxLength(16, 'invalid_tax_code' satisfies MessageCode),
    ),
    /** The supply's POD or PDR. */
    pointCode: line({ error: () => 'complaint_point_required' satisfies MessageCode }).check(
      z.trim(),
      z.minLength(1, 'complaint_point_required' satisfies MessageCode),
      z.maxLength(32, 'complaint_point_required' satisfies MessageCode),
    ),
    email: line({ error: () => 'invalid_email' satisfies MessageCode }).check(
      z.trim(),
      z.minLength(1, 'invalid_email' satisfies MessageCode),
      z.maxLength(254, 'invalid_email' satisfies MessageCode),
    ),
    ...complaintFields,
  }),
  response: z.object({ key: z.string(), filedAt: isoInstant, dueDate: isoDate, categoryLabel: z.string() }),
});
