import { describe, it, expect } from 'vitest';
import { isValidCompanyFiscalCode, isValidVatNumber, vatCheckDigit } from './vat-number';

// Registered Italian partite IVA (large companies), published on their websites and invoices.
const REAL_VAT_NUMBERS = ['00811720580', '06655971007', '00488410010', '00905811006', '00470550013'];

describe('isValidVatNumber / isValidCompanyFiscalCode', () => {
  it.each([...REAL_VAT_NUMBERS, '12345671205', '12345671213', '12345678887', '12345679992'])(
    'accepts %s',
    (value) => {
      expect(isValidVatNumber(value)).toBe(true);
      expect(isValidCompanyFiscalCode(value)).toBe(true);
    },
  );

  it.each([
    '00811720581', // wrong check digit
    '00811720850', // swapped digits
    '0081172058', // 10 digits
    '008117205800',
    'IT00811720580',
    '0081172058A',
    '00000000000', // right check digit, never issued
    '00000000018', // serial number 0000000, office 001
    '12345678903', // right check digit, office 890 does not exist
    '12345670009', // office 000
    '12345671015', // office 101
    '12345671197', // office 119
    '12345671221', // office 122
    '',
  ])('rejects %j', (value) => {
    expect(isValidVatNumber(value)).toBe(false);
    expect(isValidCompanyFiscalCode(value)).toBe(false);
  });
});

describe('the issuing office (digits 8–10)', () => {
  const withCheckDigit = (first10: string) => first10 + vatCheckDigit(first10);
  const offices = Array.from({ length: 1000 }, (_, office) => String(office).padStart(3, '0'));
  const issuing = (office: string) =>
    (Number(office) >= 1 && Number(office) <= 100) || ['120', '121', '888', '999'].includes(office);

  it('accepts every office 001–100, 120, 121, 888 and 999 and refuses the other 896, check digit right', () => {
    const refused = offices.filter((office) => !isValidVatNumber(withCheckDigit(`1234567${office}`)));
    expect(refused).toEqual(offices.filter((office) => !issuing(office)));
    expect(refused).toHaveLength(896);
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
