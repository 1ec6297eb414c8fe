// The write-us form's rules (SPEC §5): contract key, mobile phone, subject and message are each
// required with their own message (keys modal.contact_form.form.errors.*); the phone must be an
// Italian mobile number, the message at most CONTACT_MESSAGE_MAX_LENGTH characters. The payload
// is SPEC §3's, with the customer and contract keys left out when empty.
import { erpServices, type CallBody, type CompanyCode } from '@sportello/contract';
import { isRequired, isValidMobilePhone, normalizePhone } from '@sportello/domain';
import * as z from 'zod/mini';
import { t } from '../i18n';

const { CONTACT_SUBJECTS, CONTACT_MESSAGE_MAX_LENGTH } = erpServices;

const isSubject = (value: string): value is erpServices.ContactSubject =>
  (CONTACT_SUBJECTS as readonly string[]).includes(value);

export const contactSchema = z.object({
  contractKey: z.string().check(z.refine(isRequired, t('modal.contact_form.form.errors.contract_key'))),
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
});

export type ContactValues = z.input<typeof contactSchema>;

export type ContactPayload = CallBody<typeof erpServices.requestInformation>;

/** SPEC §3: customer.key and contract.key are removed when empty; the phone is sent trimmed (§5). */
export function toContactPayload(
  values: z.output<typeof contactSchema>,
  customerKey: string | null | undefined,
  company: CompanyCode,
): ContactPayload {
  return {
    ...(customerKey ? { customerKey } : {}),
    ...(values.contractKey ? { contractKey: values.contractKey } : {}),
    subject: values.subject as erpServices.ContactSubject,
    description: values.message,
    mobilephone: normalizePhone(values.phone),
    company,
  };
}
