// The bill's standard first page (the "frontespizio") as ARERA's 2024 reform of Bolletta 2.0 orders
// it, and the "scontrino dell'energia" in its quantity × price form. Amounts are integer cents.
// ADR 031 says what was read and what could not be determined.
import type { ReceiptKind, ReceiptLine } from './bill.js';

/** Where the structure below comes from. */
export const FRONT_PAGE_SOURCE =
  "ARERA, delibera 315/2024/R/com e Allegato A 'La bolletta dei clienti finali di energia' (in vigore dal 1° luglio 2025)";

/**
 * The parts of the first page, in the order the rule fixes: what to pay and by when first, then the
 * customer, supply, contract and payment facts, the "scontrino dell'energia", the "box dell'offerta",
 * and last where the detail elements are published (the QR code and its address).
 */
export const FRONT_PAGE_PARTS = [
  { id: 'payment', title: 'Quanto pagare e entro quando' },
  { id: 'supply', title: 'Cliente, fornitura e contratto' },
  { id: 'receipt', title: 'Lo scontrino dell’energia' },
  { id: 'offer', title: 'Il box dell’offerta' },
  { id: 'details', title: 'Elementi di dettaglio' },
] as const;
export type FrontPagePart = (typeof FRONT_PAGE_PARTS)[number]['id'];

/** Where the rule points a customer to compare the offer by its code. */
export const OFFER_PORTAL_URL = 'https://www.ilportaleofferte.it';

/**
 * The market the supply is served on, which the front page names (315/2024): the free market, or one
 * of the services a customer is in when they have not chosen an offer (the "servizio a tutele
 * graduali" for electricity, the vulnerable customers' service). An offer of the ERP says which.
 */
export const MARKETS = {
  libero: 'Mercato libero',
  tutele_graduali: 'Servizio a tutele graduali',
  vulnerabilita: 'Servizio di tutela della vulnerabilità',
} as const;
export type Market = keyof typeof MARKETS;

/** How many months back the front page's yearly consumption counts, the bill's own period included. */
export const YEARLY_CONSUMPTION_MONTHS = 12;

/** The first day the yearly consumption of a bill ending on `periodEnd` counts: 31/10/2026 → 01/11/2025. */
export function yearlyConsumptionSince(periodEnd: string): string {
  const [year, month, day] = periodEnd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1 - YEARLY_CONSUMPTION_MONTHS, day + 1)).toISOString().slice(0, 10);
}

/**
 * The yearly consumption the front page shows: the billed quantity of the bills (of the same contract)
 * whose whole period lies in the twelve months ending with this bill's last day, this one included.
 * `from` is the first day those bills cover: shorter than a year when the contract is younger, and
 * the page says from when. Null when no bill counts (a credit note has no period).
 */
export function yearlyConsumption(
  bills: readonly { periodStart: string | null; periodEnd: string | null; quantity: number | null }[],
  periodEnd: string | null,
): { quantity: number; from: string; to: string } | null {
  if (!periodEnd) return null;
  const since = yearlyConsumptionSince(periodEnd);
  const counted = bills.filter(
    (b): b is { periodStart: string; periodEnd: string; quantity: number } =>
      b.periodStart !== null &&
      b.periodEnd !== null &&
      b.quantity !== null &&
      b.periodStart >= since &&
      b.periodEnd <= periodEnd,
  );
  if (counted.length === 0) return null;
  return {
    quantity: counted.reduce((sum, b) => sum + b.quantity, 0),
    from: counted.map((b) => b.periodStart).sort()[0]!,
    to: periodEnd,
  };
}

/**
 * Where and how to file a complaint, as the front page says it: in writing from the personal area
 * (also without an account, through the portal's form) or by post to the supplier's registered
 * office; and where to turn when the answer does not settle it. The form's address is the brand's
 * portal, which the PDF prints beside these words.
 */
export function complaintChannels(company: { legalName: string; legalAddress: string }) {
  return {
    /** The complaint form of the personal area, and the one for a sender without an account. */
    portalPath: '/reclami/nuovo',
    formPath: '/reclami/modulo',
    howToFile:
      'Scrivici dall’area clienti (sezione Reclami) o, anche senza account, con il modulo online; oppure per ' +
      `posta a ${company.legalName}, ${company.legalAddress}.`,
    nextSteps:
      'Se la risposta non ti soddisfa o non arriva nei termini: Servizio Conciliazione dell’ARERA; ' +
      'informazioni allo Sportello per il consumatore Energia e Ambiente, 800 166 654.',
  };
}

/** The three shares of the scontrino: what depends on use, on having a point active, on its power. */
export type QuotaKind = 'consumption' | 'fixed' | 'power';

const QUOTA_LABELS: Readonly<Record<QuotaKind, string>> = {
  consumption: 'Quota consumi',
  fixed: 'Quota fissa',
  power: 'Quota potenza',
};

/** A quota's quantity × unit price: billed units for the consumption quota, days for the others. */
export interface QuotaMeasure {
  /** kWh or Smc billed, or the days of the period; null when the bill has none (a credit note). */
  quantity: number | null;
  /** The unit of `quantity`: 'kWh', 'Smc' or 'giorni'. */
  unit: string | null;
  /** The quota's total over `quantity`, in cents with two decimals. */
  unitCents: number | null;
  /** The unit the price is per: 'kWh', 'Smc' or 'giorno'. */
  priceUnit: string | null;
}

export interface EnergyQuota extends QuotaMeasure {
  kind: QuotaKind;
  label: string;
  /** The supplier's share (the energy section). */
  saleCents: number;
  /** Network charges and system charges (the transport and "oneri di sistema" sections). */
  networkCents: number;
  totalCents: number;
}

/**
 * What the scontrino shows after the quotas, each on a line of its own: taxes and VAT as the receipt
 * sums them, then the lines of "altre partite" the rule wants apart (the TV licence, the social
 * bonus), what else is there, and last the compensations paid to the customer (indennizzi), which are
 * not a price of anything.
 */
export const OTHER_LINE_KINDS = [
  'taxes',
  'vat',
  'tv_licence',
  'social_bonus',
  'other',
  'compensation',
] as const;
export type OtherLineKind = (typeof OTHER_LINE_KINDS)[number];

export interface OtherLine {
  kind: OtherLineKind;
  label: string;
  amountCents: number;
}

const APART_LABELS: Readonly<Record<'tv_licence' | 'social_bonus' | 'compensation', string>> = {
  tv_licence: 'Canone TV',
  social_bonus: 'Bonus sociale',
  compensation: 'Indennizzi automatici',
};

/** Which line of "altre partite" a line is, by its label: the ERP names them, never codes them. */
export function otherLineKindOf(lineLabel: string): 'tv_licence' | 'social_bonus' | 'compensation' | 'other' {
  if (/canone.*(televisi|\bRAI\b|\bTV\b)/i.test(lineLabel)) return 'tv_licence';
  if (/bonus sociale/i.test(lineLabel)) return 'social_bonus';
  if (/indennizz/i.test(lineLabel)) return 'compensation';
  return 'other';
}

export interface EnergyReceipt {
  quotas: EnergyQuota[];
  /** Consumption quota per billed unit in cents, two decimals; null without consumption. */
  consumptionCentsPerUnit: number | null;
  /** Shown apart after the quotas, in OTHER_LINE_KINDS order. */
  others: OtherLine[];
  totalCents: number;
}

const SALE: readonly ReceiptKind[] = ['energy'];
const NETWORK: readonly ReceiptKind[] = ['transport', 'system'];

/** A priced line's quota, by its label: "Quota potenza", "Quota fissa…", everything else by use. */
export function quotaOf(lineLabel: string): QuotaKind {
  if (/potenza/i.test(lineLabel)) return 'power';
  if (/fiss/i.test(lineLabel)) return 'fixed';
  return 'consumption';
}

const perUnit = (cents: number, quantity: number) => Math.round((cents / quantity) * 100) / 100;

/** What the bill is measured in: its billed quantity and unit, and the days of its period. */
export interface BilledMeasure {
  quantity: number;
  unit: string;
  days: number | null;
}

/**
 * The scontrino in the 2025 form: sale and network lines grouped by quota, each as quantity × unit
 * price (the consumption quota per billed unit, the fixed and power quotas per day of the period),
 * then taxes, VAT and the lines of "altre partite" each on its own. Sums to the same total as
 * `billReceipt`, which it regroups: it reads the same sections, never other figures.
 */
export function energyReceipt(
  sections: readonly { kind: ReceiptKind; lines: readonly { label: string; amountCents: number }[] }[],
  receipt: readonly ReceiptLine[],
  measure: BilledMeasure,
): EnergyReceipt {
  const { quantity, unit, days } = measure;
  const quotas = (['consumption', 'fixed', 'power'] as const).map((kind): EnergyQuota => {
    const sum = (kinds: readonly ReceiptKind[]) =>
      sections
        .filter((s) => kinds.includes(s.kind))
        .flatMap((s) => s.lines)
        .filter((l) => quotaOf(l.label) === kind)
        .reduce((total, l) => total + l.amountCents, 0);
    const saleCents = sum(SALE);
    const networkCents = sum(NETWORK);
    const totalCents = saleCents + networkCents;
    const [count, countUnit, priceUnit] =
      kind === 'consumption' ? [quantity, unit, unit] : [days ?? 0, 'giorni', 'giorno'];
    // A quota per unit means something only for a charge: a credit note's has none.
    const measured = count > 0 && totalCents > 0;
    return {
      kind,
      label: QUOTA_LABELS[kind],
      saleCents,
      networkCents,
      totalCents,
      quantity: measured ? count : null,
      unit: measured ? countUnit : null,
      unitCents: measured ? perUnit(totalCents, count) : null,
      priceUnit: measured ? priceUnit : null,
    };
  });
  const apart = new Map<OtherLineKind, number>();
  for (const line of sections.filter((s) => s.kind === 'other').flatMap((s) => s.lines)) {
    const kind = otherLineKindOf(line.label);
    apart.set(kind, (apart.get(kind) ?? 0) + line.amountCents);
  }
  const taxesAndVat = receipt.flatMap((line): OtherLine[] =>
    line.kind === 'taxes' || line.kind === 'vat'
      ? [{ kind: line.kind, label: line.label, amountCents: line.amountCents }]
      : [],
  );
  const others: OtherLine[] = [
    ...taxesAndVat,
    ...(['tv_licence', 'social_bonus', 'other', 'compensation'] as const)
      // "Altre partite" always shows, as taxes and VAT do; the lines said apart only when there.
      .filter((kind) => kind === 'other' || (apart.get(kind) ?? 0) !== 0)
      .map((kind) => ({
        kind,
        label:
          kind === 'other'
            ? (receipt.find((line) => line.kind === 'other')?.label ?? 'Altre partite')
            : APART_LABELS[kind],
        amountCents: apart.get(kind) ?? 0,
      })),
  ];
  const consumption = quotas[0]!;
  return {
    // A quota the bill has nothing under is left out (no power quota on a gas bill).
    quotas: quotas.filter((q) => q.kind === 'consumption' || q.totalCents !== 0),
    consumptionCentsPerUnit: consumption.unitCents,
    others,
    totalCents:
      quotas.reduce((sum, q) => sum + q.totalCents, 0) + others.reduce((sum, l) => sum + l.amountCents, 0),
  };
}

const quantityFormat = new Intl.NumberFormat('it-IT');
const centsFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "442 kWh × 17,20 cent/kWh": a quota's quantity × unit price as page and PDF print it; '' without. */
export function quotaQuantityText(quota: QuotaMeasure): string {
  if (quota.quantity === null || quota.unitCents === null) return '';
  return `${quantityFormat.format(quota.quantity)} ${quota.unit ?? ''} × ${centsFormat.format(quota.unitCents)} cent/${quota.priceUnit ?? ''}`;
}
