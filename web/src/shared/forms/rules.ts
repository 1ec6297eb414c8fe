// Field rules of SPEC §5 as zod/mini schemas with their Italian messages, built on the domain
// validators, so every form checks the same thing the same way. A field-specific required
// message ('La città è obbligatoria') can replace the generic 'Informazione obbligatoria'.
import {
  isPlausibleCivicNumber,
  isRequired,
  isValidCompanyFiscalCode,
  isValidFiscalCode,
  isValidPostalCode,
} from '@sportello/domain';
import { INVALID_CHARACTERS, isOneLine } from '@sportello/contract';
import * as z from 'zod/mini';
import { t } from './i18n';

const REQUIRED = t('forms.errors.required');

/** A control character pasted into a one-line field is named under it, as the server would refuse it. */
const oneLine = z.refine<string>(isOneLine, INVALID_CHARACTERS);

/** Trimmed one-line text that must hold a non-space character, at most `max` characters. */
export const requiredText = (max: number, message: string = REQUIRED) =>
  z.pipe(
    z.string().check(z.trim(), z.refine(isRequired, message)),
    z.string().check(z.maxLength(max, t('forms.errors.too_long', { max })), oneLine),
  );

/** Trimmed one-line text that may be empty. */
export const optionalText = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, t('forms.errors.too_long', { max })), oneLine);

/** A required value checked only once present, so an empty field gets one message, not two. */
export const requiredValid = (isValid: (value: string) => boolean, required: string, invalid: string) =>
  z.string().check(
    z.trim(),
    z.refine(isRequired, required),
    z.refine((value) => !isRequired(value) || isValid(value), invalid),
  );

/** A person's fiscal code (16 characters) or a company's (11 digits), sent in upper case. */
export const fiscalCodeField = (messages: { required?: string; invalid?: string } = {}) =>
  z.pipe(
    requiredValid(
      (value) => isValidFiscalCode(value) || isValidCompanyFiscalCode(value),
      messages.required ?? REQUIRED,
      messages.invalid ?? t('forms.errors.invalid_fiscal_code'),
    ),
    z.transform((value) => value.toUpperCase()),
  );

export const postalCodeField = () =>
  requiredValid(
    isValidPostalCode,
    t('forms.errors.postal_code_required'),
    t('forms.errors.invalid_postal_code'),
  );

/** The two-letter province code, sent in upper case. */
export const provinceField = () =>
  z.pipe(
    requiredValid(
      (value) => /^[A-Za-z]{2}$/.test(value),
      t('forms.errors.province_required'),
      t('forms.errors.invalid_province'),
    ),
    z.transform((value) => value.toUpperCase()),
  );

/** A civic number that looks like one (12, 12/A, 7 bis, km 3, SNC: packages/domain civic-number). */
export const civicNumberField = () =>
  requiredValid(
    isPlausibleCivicNumber,
    t('forms.errors.civic_number_required'),
    t('forms.errors.invalid_civic_number'),
  );

export const formMessages = {
  cityRequired: t('forms.errors.city_required'),
  addressRequired: t('forms.errors.address_required'),
};
