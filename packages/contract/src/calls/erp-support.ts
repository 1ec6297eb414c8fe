// ERP calls of write-us (SPEC §1 contact form, §3 payload, §5 rules, §7): the logged-in form makes a
// request of the customer, the logged-out one a message for the back office. The server's `support`
// module answers them and the web's `support` feature asks them.
import * as z from 'zod/mini';
import { defineCall, idOrKey } from '../call.js';
import type { MessageCode } from '../messages.js';
import { companyCodeSchema } from '../models.js';
import { line, text } from '../text.js';
import { requestCreatedSchema } from './erp-supplies.js';

const ERP = 'portalapi/Erp/v1';

/** SPEC §3 "Subject values", as the form offers and sends them. */
export const CONTACT_SUBJECTS = [
  'gestione contratto',
  'pagamento',
  'bolletta',
  'contatore',
  'nuova offerta',
  'autolettura',
  'altro',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_MESSAGE_MAX_LENGTH = 1000;

/** Missing or blank and too long each carry their own code (SPEC §5 contact form). */
const required = (code: MessageCode) => ({
  error: (issue: { code?: string | undefined }) => (issue.code === 'invalid_type' ? code : undefined),
});

/** SPEC §3 "Contact request payload" fields both write-us forms send. */
const contactFields = {
  // Any value not among the seven, the empty one included, means no subject was chosen.
  subject: z.enum(CONTACT_SUBJECTS, { error: 'contact_subject_required' satisfies MessageCode }),
  description: text(required('contact_message_required')).check(
    z.trim(),
    z.minLength(1, 'contact_message_required' satisfies MessageCode),
    z.maxLength(CONTACT_MESSAGE_MAX_LENGTH, 'contact_message_too_long' satisfies MessageCode),
  ),
  // The Italian mobile pattern is checked by the server with the domain's validator.
  mobilephone: line(required('contact_phone_required')).check(
    z.trim(),
    z.minLength(1, 'contact_phone_required' satisfies MessageCode),
    z.maxLength(20, 'contact_phone_required' satisfies MessageCode),
  ),
  company: companyCodeSchema,
};

/**
 * SPEC §3 "Contact request payload". The spec nests customer.key and contract.key; here they are
 * the flat customerKey and contractKey, left out when empty, so that the generated access suite
 * can try each of them with a stranger's key like every other reached field.
 */
export const requestInformation = defineCall({
  name: 'requestInformation',
  method: 'POST',
  path: `${ERP}/requests/information`,
  access: 'user',
  refusals: [422, 429],
  reaches: {
    body: { customerKey: ['customer.key', 'customer.id'], contractKey: ['contract.key', 'contract.id'] },
  },
  summary: 'The write-us form: a request of type information, visible in practices; rate limited.',
  body: z.object({
    customerKey: z.optional(idOrKey),
    contractKey: z.optional(idOrKey),
    ...contactFields,
  }),
  response: requestCreatedSchema,
});

export const GUEST_NAME_MAX_LENGTH = 100;

/**
 * SPEC §7 "Contact request" from the registration-time form (§5): whoever is not logged in, with the
 * guest session every visitor has, says who they are (name, client code, e-mail) and accepts the
 * privacy notice. It names nobody's data: the client code is only what the writer says it is, so it
 * is kept with the message for the back office and never opens or fills anyone's practices.
 * Rate limited per e-mail and per address.
 */
export const requestGuestContact = defineCall({
  name: 'requestGuestContact',
  method: 'POST',
  path: `${ERP}/requests/contact`,
  access: 'session',
  refusals: [422, 429],
  reaches: 'nothing',
  summary: 'The logged-out write-us form (guest session): name, client code, e-mail; rate limited.',
  body: z.object({
    name: line(required('contact_name_required')).check(
      z.trim(),
      z.minLength(1, 'contact_name_required' satisfies MessageCode),
      z.maxLength(GUEST_NAME_MAX_LENGTH, 'contact_name_required' satisfies MessageCode),
    ),
    clientCode: line(required('customer_code_required')).check(
      z.trim(),
      z.minLength(1, 'customer_code_required' satisfies MessageCode),
      // Empty is minLength's to say.
      z.regex(/^\d{0,20}$/, 'invalid_customer_code' satisfies MessageCode),
    ),
    // The pattern (SPEC §5) is the domain's, checked by the server.
    email: line(required('invalid_email')).check(
      z.trim(),
      z.minLength(1, 'invalid_email' satisfies MessageCode),
      z.maxLength(254, 'invalid_email' satisfies MessageCode),
    ),
    privacy: z.literal(true, { error: 'privacy_required' satisfies MessageCode }),
    ...contactFields,
  }),
  response: requestCreatedSchema,
});
