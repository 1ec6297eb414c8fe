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
