// Italian phone numbers as typed by customers: optional international prefix, spaces allowed.

const INTERNATIONAL_PREFIX = '(?:\\+39|0039)?';
const PHONE = new RegExp(`^${INTERNATIONAL_PREFIX}\\d{6,11}$`);
// Italian mobile numbers always start with 3 and have 9 or 10 digits.
const MOBILE_PHONE = new RegExp(`^${INTERNATIONAL_PREFIX}3\\d{8,9}$`);

/** Removes all whitespace, the form in which numbers are validated and sent. */
export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Landline or mobile: optional +39/0039, then 6 to 11 digits. */
export function isValidPhone(value: string): boolean {
  return PHONE.test(normalizePhone(value));
}

export function isValidMobilePhone(value: string): boolean {
  return MOBILE_PHONE.test(normalizePhone(value));
}

/**
 * One number written two ways: spaces and the Italian prefix (+39, 0039) aside, the same digits. The
 * ERP and the portal may each keep a mobile in its own form (ADR 065 compares them).
 */
export function samePhone(a: string, b: string): boolean {
  const digits = (value: string) => normalizePhone(value).replace(/^(?:\+39|0039)/, '');
  return digits(a) === digits(b);
}
