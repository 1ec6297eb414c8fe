// Conversions between integer euro cents (how amounts are stored and summed) and euro values.

export function centsToEuro(cents: number): number {
  return cents / 100;
}

/**
 * Euro to integer cents, rounding half away from zero.
 * `euro * 100` alone drifts (1.005 * 100 = 100.49999…), so the product is first cut to 15
 * significant digits — the precision a double reliably holds — before rounding.
 */
export function euroToCents(euro: number): number {
  if (!Number.isFinite(euro)) throw new RangeError(`Invalid euro amount: ${euro}`);
  const cents = Math.round(Number(Math.abs(euro * 100).toPrecision(15)));
  return euro < 0 ? -cents : cents;
}
