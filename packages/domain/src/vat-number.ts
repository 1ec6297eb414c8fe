// Italian partita IVA: a 7-digit serial number, the 3-digit code of the office that issued it, and
// a Luhn-style check digit. Companies' (and condominiums') fiscal codes use the very same 11-digit
// format, so both checks share one algorithm.

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

/**
 * Digits 8–10 name the provincial office that issued the number: 001–100, 120 and 121 (offices
 * created later), 888 and 999 (numbers assigned centrally). That is the structure Wikipedia's
 * "Partita IVA" describes and the range python-stdnum's `stdnum.it.iva` checks; a number outside it
 * was never issued, however right its check digit.
 */
function isIssuingOffice(code: string): boolean {
  const office = Number(code);
  return (office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office);
}

export function isValidVatNumber(value: string): boolean {
  return (
    ELEVEN_DIGITS.test(value) &&
    // The serial number starts at 1: 0000000 was never issued (nor, then, 00000000000).
    Number(value.slice(0, 7)) > 0 &&
    isIssuingOffice(value.slice(7, 10)) &&
    vatCheckDigit(value.slice(0, 10)) === value.slice(10)
  );
}

/** A company's (non-person) codice fiscale: same 11-digit format and check as the partita IVA. */
export function isValidCompanyFiscalCode(value: string): boolean {
  return isValidVatNumber(value);
}
