// Generic form-field checks shared by registration, contact and profile forms (spec §5).
// Inputs are expected already trimmed where the spec says so (email, phone).

import { OTP_CODE_LENGTH } from './constants';

const DIGITS = /^\d+$/;
// local@domain.tld with a 2–4 letter top-level domain, as the spec demands; domain labels
// may not be empty, so "a@b..it" and "a@.it" fail.
const EMAIL = /^[A-Za-z0-9._%+'-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/;
const USERNAME = /^[A-Za-z0-9]{3,50}$/;
const OTP_CODE = new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`);
const POSTAL_CODE = /^\d{5}$/;

/** Non-empty with at least one non-space character. */
export function isRequired(value: string | null | undefined): boolean {
  return value != null && /\S/.test(value);
}

/** Only ASCII digits; an empty string is not "digits only" (pair with isRequired for optional fields). */
export function isDigitsOnly(value: string): boolean {
  return DIGITS.test(value);
}

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** ASCII letters and digits, 3 to 50 characters. */
export function isValidUsername(value: string): boolean {
  return USERNAME.test(value);
}

export function isValidOtpCode(value: string): boolean {
  return OTP_CODE.test(value);
}

/** Italian CAP: exactly five digits. */
export function isValidPostalCode(value: string): boolean {
  return POSTAL_CODE.test(value);
}
