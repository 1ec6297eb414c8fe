// The write-us forms' rules (SPEC §5): contract key, mobile phone, subject and message are each
// required with their own message (keys modal.contact_form.form.errors.*); the phone must be an
// Italian mobile number, the message at most CONTACT_MESSAGE_MAX_LENGTH characters. The payload
// is SPEC §3's, with the customer and contract keys left out when empty. The logged-out form asks
// instead of the contract who writes: name, client code, e-mail, and the privacy consent.
import { erpSupport, type CallBody, type CompanyCode } from '@sportello/contract';
import { isRequired, isValidEmail, isValidMobilePhone, normalizePhone } from '@sportello/domain';
import * as z from 'zod/mini';
import { t } from '../i18n';

const { CONTACT_SUBJECTS, CONTACT_MESSAGE_MAX_LENGTH, GUEST_NAME_MAX_LENGTH } = erpSupport;

const isSubject = (value: string): value is erpSupport.ContactSubject =>
  (CONTACT_SUBJECTS as readonly string[]).includes(value);

/** What both forms ask: phone, subject and message. */
const messageFields = {
  phone: z.string().check(
    z.trim(),
    z.refine(
      (value) => isRequired(value) && isValidMobilePhone(value),
      t('modal.contact_form.form.errors.phone'),
    ),
  ),
  subject: z.string().check(z.refine(isSubject, t('modal.contact_form.form.errors.subject'))),
  message: z
    .string()
    .check(
      z.trim(),
      z.refine(isRequired, t('modal.contact_form.form.errors.message')),
      z.maxLength(
        CONTACT_MESSAGE_MAX_LENGTH,
        t('modal.contact_form.form.errors.message_too_long', { max: CONTACT_MESSAGE_MAX_LENGTH }),
      ),
    ),
};

export const contactSchema = z.object({
  contractKey: z.string().check(z.refine(isRequired, t('modal.contact_form.form.errors.contract_key'))),
  ...messageFields,
});

export const guestContactSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.refine(isRequired, t('modal.contact_form.form.errors.name')),
      z.maxLength(GUEST_NAME_MAX_LENGTH, t('modal.contact_form.form.errors.name')),
    ),
  clientCode: z.string().check(
    z.trim(),
    z.refine(isRequired, t('modal.contact_form.form.errors.client_code')),
    z.refine(
      (value) => !isRequired(value) || /^\d{1,20}$/.test(value),
      t('modal.contact_form.form.errors.client_code_digits'),
    ),
  ),
  email: z.string().check(z.trim(), z.refine(isValidEmail, t('modal.contact_form.form.errors.email'))),
  privacy: z.boolean().check(z.refine((value) => value, t('modal.contact_form.form.errors.privacy'))),
  ...messageFields,
});

export type ContactPayload = CallBody<typeof erpSupport.requestInformation>;

/** SPEC §3: customer.key and contract.key are removed when empty; the phone is sent trimmed (§5). */
export function toContactPayload(
  values: z.output<typeof contactSchema>,
  customerKey: string | null | undefined,
  company: CompanyCode,
): ContactPayload {
  return {
    ...(customerKey ? { customerKey } : {}),
    ...(values.contractKey ? { contractKey: values.contractKey } : {}),
    subject: values.subject as erpSupport.ContactSubject,
    description: values.message,
    mobilephone: normalizePhone(values.phone),
    company,
  };
}

/** The logged-out form's payload: the writer instead of customer and contract keys. */
export function toGuestContactPayload(
  values: z.output<typeof guestContactSchema>,
  company: CompanyCode,
): CallBody<typeof erpSupport.requestGuestContact> {
  return {
    name: values.name,
    clientCode: values.clientCode,
    email: values.email,
    privacy: true,
    subject: values.subject as erpSupport.ContactSubject,
    description: values.message,
    mobilephone: normalizePhone(values.phone),
    company,
  };
}
