import { describe, it, expect } from 'vitest';
import { isValidCompanyFiscalCode, isValidVatNumber, vatCheckDigit } from './vat-number';

// Registered Italian partite IVA (large companies), published on their websites and invoices.
const REAL_VAT_NUMBERS = ['00811720580', '06655971007', '00488410010', '00905811006', '00470550013'];

describe('isValidVatNumber / isValidCompanyFiscalCode', () => {
  it.each([...REAL_VAT_NUMBERS, '12345678903'])('accepts %s', (value) => {
    expect(isValidVatNumber(value)).toBe(true);
    expect(isValidCompanyFiscalCode(value)).toBe(true);
  });

  it.each([
    '00811720581', // wrong check digit
    '00811720850', // swapped digits
    '0081172058', // 10 digits
    '008117205800',
    'IT00811720580',
    '0081172058A',
    '',
  ])('rejects %j', (value) => {
    expect(isValidVatNumber(value)).toBe(false);
    expect(isValidCompanyFiscalCode(value)).toBe(false);
  });
});

describe('vatCheckDigit', () => {
  it.each(REAL_VAT_NUMBERS)('recomputes the last digit of %s', (value) => {
    expect(vatCheckDigit(value.slice(0, 10))).toBe(value.slice(10));
  });

  it.each(['123456789', '12345678901', '123456789A'])('rejects %j', (value) => {
    expect(() => vatCheckDigit(value)).toThrow(RangeError);
  });
});
