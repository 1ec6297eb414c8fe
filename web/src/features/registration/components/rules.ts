// The field rules of registration (SPEC §5) on top of the form kit's, with their Italian messages.
import {
  isDigitsOnly,
  isValidEmail,
  isValidPhone,
  isValidTaxCodeFor,
  isValidUsername,
  passwordIssues,
  type PasswordIssue,
  type RegistrationCustomerType,
} from '@sportello/domain';
import * as z from 'zod/mini';
import { requiredText } from '../../../shared/forms/rules';
import { t } from '../i18n';

const required = (message: string, isValid: (value: string) => boolean, invalid: string) =>
  z.string().check(
    z.trim(),
    z.refine((value) => value !== '', message),
    z.refine((value) => value === '' || isValid(value), invalid),
  );

export const customerCodeField = () =>
  required(
    t('registration.errors.customer_code_required'),
    isDigitsOnly,
    t('registration.errors.customer_code_digits'),
  );

/** A private customer's fiscal code, or a company's or condominium's VAT number / 11-digit code. */
export const taxCodeField = (type: RegistrationCustomerType | 'any') =>
  z.pipe(
    required(
      t('registration.errors.tax_code_required'),
      (value) =>
        type === 'any'
          ? isValidTaxCodeFor('private', value) || isValidTaxCodeFor('company', value)
          : isValidTaxCodeFor(type, value),
      type === 'private'
        ? t('registration.errors.invalid_fiscal_code')
        : t('registration.errors.invalid_vat_number'),
    ),
    z.transform((value) => value.toUpperCase()),
  );

export const usernameField = () =>
  required(
    t('registration.errors.username_required'),
    isValidUsername,
    t('registration.errors.invalid_username'),
  );

export const emailField = () =>
  required(t('registration.errors.invalid_email'), isValidEmail, t('registration.errors.invalid_email'));
export const phoneField = () =>
  required(t('registration.errors.phone_required'), isValidPhone, t('registration.errors.invalid_phone'));
export const nameField = (message: string) => requiredText(80, message);

const ISSUE_TEXT: Record<PasswordIssue, string> = {
  min_length: t('registration.errors.password_min_length'),
  non_alpha: t('registration.errors.password_non_alpha'),
  uppercase: t('registration.errors.password_uppercase'),
  number: t('registration.errors.password_number'),
};

/** Every unmet password rule, each with its message (SPEC §5), in one text under the field. */
export const passwordMessages = (value: string) =>
  passwordIssues(value)
    .map((issue) => ISSUE_TEXT[issue])
    .join(' · ');

/** New password and its confirmation: every rule on the first, the match on the second. */
export const passwordPair = {
  password: z
    .string()
    .check(z.refine((value) => passwordMessages(value) === '', t('registration.errors.password_required'))),
  confirmPassword: z.string(),
};
export const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (values) => values.password === values.confirmPassword,
  { message: t('registration.errors.passwords_do_not_match'), path: ['confirmPassword'] },
);

/** A username to look up (an old one may not follow today's rule): only required. */
export const requiredUsername = () => requiredText(50, t('registration.errors.username_required'));
