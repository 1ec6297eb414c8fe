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
