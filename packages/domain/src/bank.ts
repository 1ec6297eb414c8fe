// IBAN and BIC checks for bank-debit (SEPA Direct Debit) mandates. ibantools knows every country's
// BBAN format and the ISO 13616 mod-97 check; on top of it, only SEPA countries' accounts can be
// debited, and the Italian (and Sammarinese) CIN letter must match the account it guards.

import { isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { oddEvenCheckLetter } from './fiscal-code';
import { SEPA_IBAN_COUNTRIES } from './sepa-countries';

/**
 * Every kind of space a copy and paste brings: ASCII and Unicode spaces (no-break U+00A0, narrow
 * no-break U+202F, figure and thin spaces), tabs and line breaks, zero-width ones, and the dashes
 * some banks print between groups.
 */
const SEPARATORS = /[\s\u200B-\u200D\u2060\uFEFF-]/g;

/** Electronic form: separators of every kind removed, upper case ("it60 x054…" → "IT60X054…"). */
export function normalizeIban(value: string): string {
  return value.replace(SEPARATORS, '').toUpperCase();
}

/** Why an IBAN cannot carry a direct debit; each is a message code of the contract. */
export type IbanProblem =
  'invalid_iban' | 'iban_not_sepa' | 'iban_wrong_length' | 'iban_wrong_check_digits' | 'iban_wrong_cin';

/** Countries whose BBAN starts with the CIN letter over ABI + CAB + account number. */
const CIN_COUNTRIES = new Set(['IT', 'SM']);

/** The CIN of an Italian account: the check letter of ABI (5) + CAB (5) + account number (12). */
export function italianCin(abiCabAccount: string): string {
  return oddEvenCheckLetter(abiCabAccount.toUpperCase());
}

/** What is wrong with an IBAN for a SEPA direct debit, or null when it can be debited. */
export function ibanProblem(value: string): IbanProblem | null {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'invalid_iban';
  if (!SEPA_IBAN_COUNTRIES.has(iban.slice(0, 2))) return 'iban_not_sepa';
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'iban_wrong_length';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return 'invalid_iban';
  if (errorCodes.length > 0) return 'iban_wrong_check_digits';
  if (CIN_COUNTRIES.has(iban.slice(0, 2))) {
    // The BBAN: the CIN letter, then ABI + CAB + account number.
    const bban = iban.slice(4);
    if (italianCin(bban.slice(1)) !== bban[0]) return 'iban_wrong_cin';
  }
  return null;
}

/** Accepts the printed form with spaces of any kind and any letter case. */
export function isValidIban(value: string): boolean {
  return ibanProblem(value) === null;
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
