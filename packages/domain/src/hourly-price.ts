// Whether a supply is billed at hourly (PUN-indexed) prices, which enables the hourly
// consumption and price views (spec §4).

const HOURLY_PRICE_TYPE = 'Orario';

/**
 * The offer must be hourly-priced and the meter group must already be fully operational:
 * its fullCapacityStartDate strictly before today (YYYY-MM-DD), so hourly data exists.
 */
export function isHourlyPriceSupply(
  offer: { priceType: string | null },
  meterGroup: { fullCapacityStartDate: string | null } | null,
  today: string,
): boolean {
  const fullCapacityStartDate = meterGroup?.fullCapacityStartDate ?? null;
  return (
    offer.priceType === HOURLY_PRICE_TYPE && fullCapacityStartDate !== null && fullCapacityStartDate < today
  );
}

/** How many of a day's hours are pointed out as the cheapest (for moving a washing machine, a charge). */
export const CHEAPEST_HOURS = 3;

/** The hours (0–23) of the `count` lowest prices of a day, cheapest first; ties keep the earlier hour. */
export function cheapestHours(
  prices: readonly { hour: number; price: number }[],
  count = CHEAPEST_HOURS,
): number[] {
  return [...prices]
    .sort((a, b) => a.price - b.price || a.hour - b.hour)
    .slice(0, count)
    .map((p) => p.hour);
}
