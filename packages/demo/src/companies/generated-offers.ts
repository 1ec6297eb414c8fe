// Which offers a generated supply of each commodity may have, and a typical household's yearly use.
import type { Commodity, OfferCode } from './companies.js';

export interface CommodityOffer {
  commodity: Commodity;
  offers: readonly OfferCode[];
  /** kWh (electricity, heat) or Smc (gas) per year for a household. */
  typicalAnnual: number;
}

/** Electricity first, then gas, then district heating (rarer). */
export const COMMODITY_OFFERS: readonly CommodityOffer[] = [
  { commodity: 'electricity', offers: ['luce-fissa', 'luce-fissa', 'luce-oraria'], typicalAnnual: 2500 },
  { commodity: 'gas', offers: ['gas-variabile', 'gas-fisso'], typicalAnnual: 900 },
  { commodity: 'heat', offers: ['calore'], typicalAnnual: 7000 },
];
