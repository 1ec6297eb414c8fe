// Italian partita IVA: 10 digits plus a Luhn-style check digit. Companies' fiscal codes use
// the very same 11-digit format, so both checks share one algorithm.

const ELEVEN_DIGITS = /^\d{11}$/;
const TEN_DIGITS = /^\d{10}$/;

/** Check digit for the first 10 digits: odd positions as is, even positions doubled (minus 9 above 9). */
export function vatCheckDigit(first10: string): string {
  if (!TEN_DIGITS.test(first10)) throw new RangeError(`Expected 10 digits, got: ${first10}`);
  // Indexes are 0-based, so odd index = even (doubled) position.
  const sum = [...first10].reduce((total, char, index) => {
    const digit = Number(char);
    if (index % 2 === 0) return total + digit;
    const doubled = digit * 2;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return String((10 - (sum % 10)) % 10);
}

export function isValidVatNumber(value: string): boolean {
  return ELEVEN_DIGITS.test(value) && vatCheckDigit(value.slice(0, 10)) === value.slice(10);
}

/** A company's (non-person) codice fiscale: same 11-digit format and check as the partita IVA. */
export function isValidCompanyFiscalCode(value: string): boolean {
  return isValidVatNumber(value);
}
