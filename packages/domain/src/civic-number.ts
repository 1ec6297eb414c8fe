// What an Italian civic number looks like, for the address form and the address check.

/**
 * A number (1–99999) with an optional second number or exponent: 12, 12/A, 12 B, 12-14, 7bis,
 * 7 ter, 5/2; a kilometre mark on a state road (km 12, km 12,500, km 3+200); or SNC (senza numero
 * civico, common in the countryside, also written S.N.C.).
 */
const CIVIC_NUMBER =
  /^(?:[1-9]\d{0,4}(?:\s*[/-]\s*(?:\d{1,4}|[a-z]))?(?:\s*\/?\s*(?:[a-z]|bis|ter|quater))?|km\.?\s*\d{1,4}(?:[.,+]\d{1,3})?|s\.?\s*n\.?\s*c\.?)$/i;

export function isPlausibleCivicNumber(value: string): boolean {
  return CIVIC_NUMBER.test(value.trim());
}
