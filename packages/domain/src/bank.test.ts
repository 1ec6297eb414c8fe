import { describe, it, expect } from 'vitest';
import { composeIBAN } from 'ibantools';
import { ibanProblem, isValidBic, isValidIban, italianCin, maskIban, normalizeIban } from './bank';
import { SEPA_IBAN_COUNTRIES } from './sepa-countries';

describe('normalizeIban', () => {
  it.each([
    ['IT60 X054 2811 1010 0000 0123 456', 'IT60X0542811101000000123456'],
    ['it60x0542811101000000123456', 'IT60X0542811101000000123456'],
    [' DE89 3704 0044 0532 0130 00 ', 'DE89370400440532013000'],
    // Pasted from a PDF, a banking app or a spreadsheet.
    ['IT60\u00A0X054\u00A02811\u00A01010\u00A00000\u00A00123\u00A0456', 'IT60X0542811101000000123456'],
    ['IT60\u202FX054\u2007281110\u200910\u200B00000123456', 'IT60X0542811101000000123456'],
    ['IT60\tX054\t2811-1010-0000-0123-456\n', 'IT60X0542811101000000123456'],
  ])('%j → %s', (value, expected) => {
    expect(normalizeIban(value)).toBe(expected);
  });
});

describe('isValidIban', () => {
  it.each([
    'IT60X0542811101000000123456',
    'IT60 X054 2811 1010 0000 0123 456',
    'it60x0542811101000000123456',
    'DE89370400440532013000',
    'GB82WEST12345698765432',
  ])('accepts %j', (value) => {
    expect(isValidIban(value)).toBe(true);
  });
  it.each([
    'IT61X0542811101000000123456', // wrong check digits
    'IT60X0542811101000000123457', // typo in the account number
    'IT60X054281110100000012345', // too short for Italy
    'XX60X0542811101000000123456',
    '',
  ])('rejects %j', (value) => {
    expect(isValidIban(value)).toBe(false);
  });
});

describe('ibanProblem: what a SEPA direct debit needs', () => {
  it.each([
    ['IT60X0542811101000000123456', null],
    ['SM76P0854009812123456789123', null], // San Marino: SEPA, with the Italian CIN
    ['CH9300762011623852957', null],
    ['IT60\u00A0X054\u202F2811\t1010 0000 0123 456', null],
    ['BR1800360305000010009795493C1', 'iban_not_sepa'],
    ['TR330006100519786457841326', 'iban_not_sepa'],
    ['AE070331234567890123456', 'iban_not_sepa'],
    ['IT60X054281110100000012345', 'iban_wrong_length'],
    ['IT61X0542811101000000123456', 'iban_wrong_check_digits'],
    ['IT63X0306909606100000063525', 'iban_wrong_cin'],
    ['SM76A0854009812123456789123', 'iban_wrong_check_digits'],
    ['IT6OX0542811101000000123456', 'invalid_iban'],
    ['', 'invalid_iban'],
  ])('%j → %s', (value, problem) => expect(ibanProblem(value)).toBe(problem));

  it('refuses every wrong CIN of 300 Italian accounts, even with the check digits recomputed', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let seed = 23;
    const digits = (n: number) =>
      Array.from({ length: n }, () => ((seed = (seed * 48271) % 2147483647) % 10).toString()).join('');
    for (let i = 0; i < 300; i++) {
      const account = `0${digits(4)}${digits(5)}${digits(12)}`;
      const right = italianCin(account);
      const wrong = letters[(letters.indexOf(right) + 1 + (i % 25)) % 26]!;
      expect(ibanProblem(composeIBAN({ countryCode: 'IT', bban: right + account })!)).toBeNull();
      expect(ibanProblem(composeIBAN({ countryCode: 'IT', bban: wrong + account })!)).toBe('iban_wrong_cin');
    }
  });

  it('lists the EPC SEPA scheme countries: the EU 27, the EEA, and the rest', () => {
    expect(SEPA_IBAN_COUNTRIES.size).toBe(42);
    for (const code of ['IT', 'DE', 'FR', 'NO', 'CH', 'GB', 'SM', 'VA', 'MC'])
      expect(SEPA_IBAN_COUNTRIES).toContain(code);
    for (const code of ['BR', 'TR', 'AE', 'US', 'UA', 'BA']) expect(SEPA_IBAN_COUNTRIES).not.toContain(code);
  });
});

describe('isValidBic', () => {
  it.each(['BCITITMM', 'UNCRITMMXXX', 'bppbitmm', 'DEUTDEFF500', ' BCITITMM '])('accepts %j', (value) => {
    expect(isValidBic(value)).toBe(true);
  });
  it.each(['BCITITM', 'BCIT IT MM', '1CITITMM', 'BCITITMMXX', ''])('rejects %j', (value) => {
    expect(isValidBic(value)).toBe(false);
  });
});

describe('maskIban', () => {
  it.each([
    ['IT60X0542811101000000123456', 'IT•• •••• … 3456'],
    ['it60 x054 2811 1010 0000 0123 456', 'IT•• •••• … 3456'],
    ['DE89370400440532013000', 'DE•• •••• … 3000'],
    ['IT60', '••••'],
  ])('%j → %s', (value, expected) => {
    expect(maskIban(value)).toBe(expected);
  });
});
