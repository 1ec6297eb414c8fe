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
