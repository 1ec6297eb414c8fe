// IBAN and BIC checks for bank-debit (SDD) mandates, delegated to ibantools, which tracks
// every country's BBAN format and the ISO 13616 mod-97 check.

import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** Electronic form: separators removed, upper case ("it60 x054…" → "IT60X054…"). */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? '';
}

/** Accepts the printed form with spaces and any letter case. */
export function isValidIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}

export function isValidBic(value: string): boolean {
  return isValidBIC(value.trim().toUpperCase());
}

/**
 * How an account is shown on pages that only remind the customer which one it is: the country,
 * then the last four characters ("IT•• •••• … 3456"). The full IBAN is typed only in the form
 * that changes it. Something too short to be an IBAN is hidden entirely.
 */
export function maskIban(value: string): string {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (iban.length < 8) return '••••';
  return `${iban.slice(0, 2)}•• •••• … ${iban.slice(-4)}`;
}
