// Prices and conditions of the demo offers, as the offer page, its PDF sheet and a bill's offer box show
// them; the bills charge exactly these (billing/tariffs.ts).
import type { OfferPriceRow } from '@sportello/db/schema';
import type { OfferCode } from './companies.js';

const COMMON = [
  'Fatturazione mensile, bolletta digitale inclusa.',
  'Recesso gratuito in qualsiasi momento, con preavviso di un mese.',
];

export const OFFER_TERMS: Record<OfferCode, { prices: OfferPriceRow[]; conditions: string }> = {
  'luce-oraria': {
    prices: [
      { label: 'Energia (spread sul PUN orario)', milliEuro: 12, unit: 'kWh', hourly: true },
      { label: 'Quota fissa di commercializzazione', milliEuro: 9_000, unit: 'month', hourly: false },
    ],
    conditions: ['Il prezzo dell’energia segue il PUN ora per ora.', ...COMMON].join('\n'),
  },
  'luce-fissa': {
    prices: [
      { label: 'Energia (prezzo fisso)', milliEuro: 118, unit: 'kWh', hourly: false },
      { label: 'Quota fissa di commercializzazione', milliEuro: 8_000, unit: 'month', hourly: false },
    ],
    conditions: ['Prezzo dell’energia bloccato per 24 mesi.', ...COMMON].join('\n'),
  },
  'gas-variabile': {
    prices: [
      // Indexed: a spread over the month's PSV, as `hourly` marks a spread over the index.
      { label: 'Gas (PSV + spread)', milliEuro: 95, unit: 'Smc', hourly: true },
      { label: 'Quota fissa di commercializzazione', milliEuro: 10_000, unit: 'month', hourly: false },
    ],
    conditions: ['Il prezzo del gas segue l’indice PSV del mese.', ...COMMON].join('\n'),
  },
  'gas-fisso': {
    prices: [
      { label: 'Gas (prezzo fisso)', milliEuro: 540, unit: 'Smc', hourly: false },
      { label: 'Quota fissa di commercializzazione', milliEuro: 10_000, unit: 'month', hourly: false },
    ],
    conditions: ['Prezzo del gas bloccato per 12 mesi.', ...COMMON].join('\n'),
  },
  calore: {
    prices: [
      { label: 'Energia termica', milliEuro: 135, unit: 'kWh', hourly: false },
      { label: 'Quota fissa di commercializzazione', milliEuro: 9_000, unit: 'month', hourly: false },
      { label: 'Quota di potenza', milliEuro: 2_500, unit: 'kW', hourly: false },
    ],
    conditions: ['Prezzo aggiornato ogni trimestre.', ...COMMON].join('\n'),
  },
};
