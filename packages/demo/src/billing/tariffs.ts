// Bill detail sections (materia energia, trasporto e gestione contatore, oneri di sistema,
// imposte, IVA). The energy section charges exactly the supply's offer, the prices its offer box
// prints; the rest are regulated charges with realistic Italian unit prices. Every total is the sum
// of its lines, and the invoice amount is the sum of its sections, by construction.
import { formatPrice, TV_LICENCE_MONTHS, tvLicenceMonths, vatCents } from '@sportello/domain';
import type { OfferPriceRow } from '@sportello/db/schema';
import type { Commodity } from '../companies/companies.js';
import type { UsageProfile } from '../consumption/usage.js';
import type { EnergyMonth } from './energy.js';

export interface SectionLine {
  label: string;
  quantity: string | null;
  /** The billed quantity in the commodity's unit, on the lines priced per unit. */
  units?: number;
  amountCents: number;
}

export interface Section {
  title: string;
  lines: SectionLine[];
  totalCents: number;
}

/** What one supply contributes to a bill period. */
export interface BilledSupply {
  commodity: Commodity;
  profile: UsageProfile;
  quantity: number;
  months: number;
  /** The supply's contractual power, the same figure its supply page shows. */
  powerKw: number;
  /** The prices of the supply's offer, as its offer box prints them, and the one per unit of energy. */
  offer: readonly OfferPriceRow[];
  energyPrice: OfferPriceRow;
  /** The supply's energy month by month, priced at the offer (billing/energy.ts). */
  energy: readonly EnergyMonth[];
  /** How its lines name the supply on a bill of several: the nickname or the POD/PDR. */
  name: string;
}

/** The bill's period, both ends included: the TV licence instalments depend on its months. */
export interface BilledPeriod {
  start: string;
  end: string;
}

const UNIT: Record<Commodity, string> = { electricity: 'kWh', gas: 'Smc', heat: 'kWh' };

// The regulated charges, € per unit or per month. Electricity excise is lower for businesses; gas
// VAT is 10 % for homes. The supplier's own prices (energy, fixed fee, heat's power) are the offer's.
const PRICES = {
  electricity: {
    transport: 0.0095,
    meterFixed: 1.85,
    power: 1.95,
    system: 0.029,
    excise: 0.0227,
  },
  gas: {
    transport: 0.158,
    meterFixed: 4.6,
    power: 0,
    system: 0.046,
    excise: 0.186,
  },
  heat: { transport: 0, meterFixed: 3.2, power: 0, system: 0, excise: 0 },
} as const;

const cents = (euro: number) => Math.round(euro * 100);
// One formatter for every line: building an Intl formatter per call would dominate bulk runs.
const italianNumber = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });
// Formatting still took a twelfth of a bulk seed, and bills repeat the same few thousand
// quantities (months, kW-months, whole units): remembered, and forgotten now and then.
const formatted = new Map<number, string>();
function italian(n: number): string {
  let text = formatted.get(n);
  if (text === undefined) {
    if (formatted.size >= 100_000) formatted.clear();
    text = italianNumber.format(n);
    formatted.set(n, text);
  }
  return text;
}
const fmt = (n: number, unit: string) => `${italian(n)} ${unit}`;

function section(title: string, lines: SectionLine[]): Section | null {
  const kept = lines.filter((l) => l.amountCents !== 0);
  return kept.length === 0
    ? null
    : { title, lines: kept, totalCents: kept.reduce((s, l) => s + l.amountCents, 0) };
}

export function vatRate(profile: UsageProfile): number {
  return profile === 'business' ? 0.22 : 0.1;
}

const MONTH_NAMES = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];
const monthName = (yearMonth: string) =>
  `${MONTH_NAMES[Number(yearMonth.slice(5, 7)) - 1] ?? ''} ${yearMonth.slice(0, 4)}`;

/**
 * The lines of the supply's offer: its energy month by month and band at the offer's price (a spread
 * over an index says the month's PSV it adds to), and each other price of the offer box under its own
 * label: a monthly fee × the months, a power fee × the kW × the months.
 */
function offerLines(supply: BilledSupply, energyPrice: OfferPriceRow, named: boolean): SectionLine[] {
  const of = named ? ` (${supply.name})` : '';
  const unit = energyPrice.unit;
  const energy = supply.energy.map((month) => ({
    label: `Quota energia ${monthName(month.month)}${month.band === 'TOT' ? '' : ` ${month.band}`}${of}`,
    quantity: `${fmt(month.units, unit)} a ${
      month.indexEuro === undefined
        ? formatPrice(energyPrice.milliEuro, unit, energyPrice.hourly)
        : `PSV ${italianPrice(month.indexEuro)} + ${formatPrice(energyPrice.milliEuro, unit)}`
    }`,
    units: month.units,
    amountCents: month.cents,
  }));
  const fees = supply.offer.flatMap((price): SectionLine[] => {
    const euro = price.milliEuro / 1000;
    if (price.unit === 'month')
      return [
        {
          label: `${price.label}${of}`,
          quantity: fmt(supply.months, 'mesi'),
          amountCents: cents(supply.months * euro),
        },
      ];
    if (price.unit === 'kW')
      return [
        {
          label: `${price.label}${of}`,
          quantity: `${fmt(supply.powerKw, 'kW')} × ${fmt(supply.months, 'mesi')}`,
          amountCents: cents(supply.powerKw * supply.months * euro),
        },
      ];
    return [];
  });
  return [...energy, ...fees];
}

const indexNumber = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const italianPrice = (euro: number) => indexNumber.format(euro);

/** The TV licence since 2024: 90 euro a year in ten instalments of 9 euro, January to October. */
const TV_LICENCE_YEARLY_CENTS = 9000;

/** The sections of an ordinary bill for the supplies of one contract. */
export function billSections(supplies: readonly BilledSupply[], period: BilledPeriod): Section[] {
  const first = supplies[0];
  if (!first) return [];
  const commodity = first.commodity;
  const p = PRICES[commodity];
  const unit = UNIT[commodity];
  const quantity = supplies.reduce((s, x) => s + x.quantity, 0);
  const supplyMonths = supplies.reduce((s, x) => s + x.months, 0);
  const kwMonths = supplies.reduce((s, x) => s + x.months * x.powerKw, 0);
  const business = supplies.some((x) => x.profile === 'business');

  const sections = [
    section(
      commodity === 'gas'
        ? 'Spesa per la materia gas naturale'
        : commodity === 'heat'
          ? "Spesa per l'energia termica"
          : 'Spesa per la materia energia',
      supplies.flatMap((supply) => offerLines(supply, supply.energyPrice, supplies.length > 1)),
    ),
    section(
      commodity === 'heat'
        ? 'Spesa per la gestione del contatore'
        : 'Spesa per il trasporto e la gestione del contatore',
      [
        {
          label: 'Quota variabile',
          quantity: fmt(quantity, unit),
          units: quantity,
          amountCents: cents(quantity * p.transport),
        },
        {
          label: 'Quota fissa',
          quantity: fmt(supplyMonths, 'mesi'),
          amountCents: cents(supplyMonths * p.meterFixed),
        },
        {
          label: 'Quota potenza',
          // The contractual power and the months, never their product read as a power.
          quantity: supplies
            .filter((x) => x.powerKw > 0)
            .map((x) => `${fmt(x.powerKw, 'kW')} × ${fmt(x.months, 'mesi')}`)
            .join(' + '),
          amountCents: cents(kwMonths * p.power),
        },
      ],
    ),
    section('Spesa per oneri di sistema', [
      {
        label: 'Quota variabile',
        quantity: fmt(quantity, unit),
        units: quantity,
        amountCents: cents(quantity * p.system),
      },
    ]),
    section('Imposte', [
      {
        label: commodity === 'gas' ? 'Accisa sul gas naturale' : "Accisa sull'energia elettrica",
        quantity: fmt(quantity, unit),
        units: quantity,
        amountCents: cents(quantity * p.excise * (business && commodity === 'electricity' ? 0.55 : 1)),
      },
      ...(commodity === 'gas'
        ? [
            {
              label: 'Addizionale regionale',
              quantity: fmt(quantity, unit),
              units: quantity,
              amountCents: cents(quantity * 0.022),
            },
          ]
        : []),
    ]),
  ].filter((s): s is Section => s !== null);
  // "Altre partite" on a home electricity bill: the TV licence (canone RAI) billed with it, outside VAT.
  const licenceMonths = tvLicenceMonths(period.start, period.end);
  const licence =
    commodity === 'electricity' && !business
      ? section('Altre partite', [
          {
            label: 'Canone di abbonamento alla televisione',
            quantity: fmt(licenceMonths, 'mesi'),
            amountCents: (licenceMonths * TV_LICENCE_YEARLY_CENTS) / TV_LICENCE_MONTHS,
          },
        ])
      : null;
  const taxed = withVat(sections, vatRate(business ? 'business' : 'domestic'));
  return licence ? [...taxed, licence] : taxed;
}

/** A credit note reverses part of the energy of an earlier bill, VAT included; amounts are negative. */
export function creditNoteSections(
  original: readonly Section[],
  share: number,
  originalNumber: string,
): Section[] {
  const energy = original[0];
  const vatAt = original.findIndex((s) => s.title === 'IVA');
  const vat = original[vatAt];
  if (!energy || !vat) return [];
  const rate =
    Math.round((vat.totalCents / original.slice(0, vatAt).reduce((s, x) => s + x.totalCents, 0)) * 100) / 100;
  const storno = section('Storno', [
    {
      label: `Storno parziale bolletta n. ${originalNumber}`,
      quantity: null,
      amountCents: -Math.round(energy.totalCents * share),
    },
  ]);
  return storno ? withVat([storno], rate) : [];
}

function withVat(sections: Section[], rate: number): Section[] {
  const taxable = sections.reduce((s, x) => s + x.totalCents, 0);
  const vat = section('IVA', [
    {
      label: `IVA ${Math.round(rate * 100)}%`,
      quantity: null,
      amountCents: vatCents(taxable, Math.round(rate * 100)),
    },
  ]);
  return vat ? [...sections, vat] : sections;
}
