// Requests about one's personal data (GDPR art. 17 erasure, art. 21 objection; ADR 069), filed from the
// profile's privacy area on a customer the user reaches: each is a practice the care console's queue
// works and the ERP hears of (request.opened), answered within the month art. 12(3) gives. One of a
// kind open at a time per customer: a second is refused (409) with its Italian message.
import * as z from 'zod/mini';
import { defineCall, idParam } from '../call.js';
import type { MessageCode } from '../messages.js';
import { isoDate } from '../models.js';
import { text } from '../text.js';

const PATH = 'portalapi/Erp/v1/customers/:id/privacy-requests';

export const PRIVACY_REQUEST_KINDS = ['erasure', 'objection'] as const;
export const PRIVACY_REASON_MAX_LENGTH = 1000;

export const privacyRequestSchema = z.object({
  /** The practice's key, as Pratiche shows it. */
  key: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  /** Aperto | InLavorazione | Chiuso | Annullato, as the practices read it. */
  status: z.string(),
  receivedOn: isoDate,
  /** The day by which the answer is due: one month after receipt (GDPR art. 12(3)). */
  dueOn: isoDate,
  /** The care staff's answer, once given. */
  answer: z.nullable(z.string()),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const listPrivacyRequests = defineCall({
  name: 'listPrivacyRequests',
  method: 'GET',
  path: PATH,
  access: 'user',
  reaches: { params: { id: ['customer.key', 'customer.id'] } },
  summary: 'A reached customer’s erasure and objection requests, newest first, with state and answer date.',
  params: idParam,
  response: z.array(privacyRequestSchema),
});

export const filePrivacyRequest = defineCall({
  name: 'filePrivacyRequest',
  method: 'POST',
  path: PATH,
  access: 'user',
  refusals: [409],
  reaches: { params: { id: ['customer.key', 'customer.id'] } },
  summary:
    'Files an erasure (art. 17) or objection (art. 21) request on a reached customer: a practice in the ' +
    'care queue and a request.opened event, due one month on. One of a kind open already: 409.',
  params: idParam,
  body: z.object({
    kind: z.enum(PRIVACY_REQUEST_KINDS, { error: 'privacy_request_kind_required' satisfies MessageCode }),
    /** Why (needed for an objection to legitimate-interest processing, art. 21(1)); optional. */
    reason: z.optional(
      text().check(
        z.trim(),
        z.maxLength(PRIVACY_REASON_MAX_LENGTH, 'privacy_reason_too_long' satisfies MessageCode),
      ),
    ),
  }),
  response: privacyRequestSchema,
});
