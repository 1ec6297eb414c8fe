// The accessibility statement's feedback mechanism (ADR 032, L. 4/2004 art. 3-quater): anyone with a
// session, logged in or not, reports what they could not use; the report gets a reference and the
// day by which we must answer (30 days). Logged in, it may name the customer it is filed on, and then
// shows in that customer's practices; logged out, the reference and the e-mail find it again.
import * as z from 'zod/mini';
import { defineCall, idOrKey } from '../call.js';
import type { MessageCode } from '../messages.js';
import { companyCodeSchema, isoDate } from '../models.js';
import { line, text } from '../text.js';

const PATH = 'portalapi/Core/v1/accessibility/feedback';

export const ACCESSIBILITY_FEEDBACK_MAX_LENGTH = 2000;
export const ACCESSIBILITY_PAGE_MAX_LENGTH = 200;

const required = (code: MessageCode) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? code : undefined),
});

const email = line(required('invalid_email')).check(
  z.trim(),
  z.minLength(1, 'invalid_email' satisfies MessageCode),
  z.maxLength(254, 'invalid_email' satisfies MessageCode),
);

export const accessibilityFeedbackStatusSchema = z.enum(['open', 'answered']);

export const accessibilityFeedbackSchema = z.object({
  reference: z.string(),
  receivedOn: isoDate,
  /** The day by which we must answer: receivedOn plus the days the rule gives. */
  dueOn: isoDate,
  status: accessibilityFeedbackStatusSchema,
  /** Days from today to dueOn; negative once it has passed unanswered. */
  daysLeft: z.int(),
  answer: z.nullable(z.string()),
  /** The practice it opened in the customer's requests, when filed logged in on a customer. */
  requestKey: z.nullable(z.string()),
});
export type AccessibilityFeedback = z.infer<typeof accessibilityFeedbackSchema>;

/** What either form sends: who writes, where the problem is, what it is. */
const reportFields = {
  name: line(required('contact_name_required')).check(
    z.trim(),
    z.minLength(1, 'contact_name_required' satisfies MessageCode),
    z.maxLength(100, 'contact_name_required' satisfies MessageCode),
  ),
  email,
  /** Where the problem is: a page's address or name, free text. */
  page: z.optional(
    line().check(
      z.trim(),
      z.maxLength(ACCESSIBILITY_PAGE_MAX_LENGTH, 'accessibility_page_too_long' satisfies MessageCode),
    ),
  ),
  description: text(required('contact_message_required')).check(
    z.trim(),
    z.minLength(1, 'contact_message_required' satisfies MessageCode),
    z.maxLength(ACCESSIBILITY_FEEDBACK_MAX_LENGTH, 'accessibility_message_too_long' satisfies MessageCode),
  ),
  // No consent tick: answering a report is a legal duty (GDPR art. 6(1)(c)); the form links the notice.
  company: companyCodeSchema,
};

/** Logged in: the report is filed on a customer the user reaches and opens a practice there. */
export const sendAccessibilityFeedback = defineCall({
  name: 'sendAccessibilityFeedback',
  method: 'POST',
  path: PATH,
  access: 'user',
  refusals: [429],
  reaches: { body: { customerKey: ['customer.key', 'customer.id'] } },
  summary:
    'The accessibility feedback form, logged in: a practice of the customer with its 30-day answer date.',
  body: z.object({ customerKey: idOrKey, ...reportFields }),
  response: accessibilityFeedbackSchema,
});

/** Logged out (any session): the report names nobody's data; its reference finds it again. */
export const sendGuestAccessibilityFeedback = defineCall({
  name: 'sendGuestAccessibilityFeedback',
  method: 'POST',
  path: `${PATH}/guest`,
  access: 'session',
  refusals: [429],
  reaches: 'nothing',
  summary:
    'The accessibility feedback form, logged out: a reference and its 30-day answer date; rate limited.',
  body: z.object(reportFields),
  response: accessibilityFeedbackSchema,
});

/**
 * Finds a feedback again by its reference and the e-mail it was sent with (both, so a reference alone
 * reveals nothing; a POST, so the e-mail stays out of addresses and logs); a wrong pair is 422.
 * Rate limited per address.
 */
export const findAccessibilityFeedback = defineCall({
  name: 'findAccessibilityFeedback',
  method: 'POST',
  path: `${PATH}/lookup`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary: 'A feedback found again by its reference and e-mail: its state and answer date.',
  body: z.object({
    reference: line(required('accessibility_reference_required')).check(
      z.trim(),
      z.minLength(1, 'accessibility_reference_required' satisfies MessageCode),
      z.maxLength(40, 'accessibility_reference_required' satisfies MessageCode),
    ),
    email,
  }),
  response: accessibilityFeedbackSchema,
});
