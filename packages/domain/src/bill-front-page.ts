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

/** The three shares of the scontrino: what depends on use, on having a point active, on its power. */
export type QuotaKind = 'consumption' | 'fixed' | 'power';

const QUOTA_LABELS: Readonly<Record<QuotaKind, string>> = {
  consumption: 'Quota consumi',
  fixed: 'Quota fissa',
  power: 'Quota potenza',
};

export interface EnergyQuota {
  kind: QuotaKind;
  label: string;
  /** The supplier's share (the energy section). */
  saleCents: number;
  /** Network charges and system charges (the transport and "oneri di sistema" sections). */
  networkCents: number;
  totalCents: number;
}

export interface EnergyReceipt {
  quotas: EnergyQuota[];
  /** Consumption quota per billed unit in cents, two decimals; null without consumption. */
  consumptionCentsPerUnit: number | null;
  /** Shown apart after the quotas: taxes, VAT, other items (TV licence, a credit's reversal). */
  others: ReceiptLine[];
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

/**
 * The scontrino in the 2025 form: sale and network lines grouped by quota, then the receipt's other
 * headings (taxes, VAT, other) as they are. Sums to the same total as `billReceipt`, which it
 * regroups: it reads the same sections, never other figures.
 */
export function energyReceipt(
  sections: readonly { kind: ReceiptKind; lines: readonly { label: string; amountCents: number }[] }[],
  receipt: readonly ReceiptLine[],
  quantity: number,
): EnergyReceipt {
  const quotas = (['consumption', 'fixed', 'power'] as const).map((kind) => {
    const sum = (kinds: readonly ReceiptKind[]) =>
      sections
        .filter((s) => kinds.includes(s.kind))
        .flatMap((s) => s.lines)
        .filter((l) => quotaOf(l.label) === kind)
        .reduce((total, l) => total + l.amountCents, 0);
    const saleCents = sum(SALE);
    const networkCents = sum(NETWORK);
    return { kind, label: QUOTA_LABELS[kind], saleCents, networkCents, totalCents: saleCents + networkCents };
  });
  const others = receipt.filter((line) => !SALE.includes(line.kind) && !NETWORK.includes(line.kind));
  const consumption = quotas[0]?.totalCents ?? 0;
  return {
    // A quota the bill has nothing under is left out (no power quota on a gas bill).
    quotas: quotas.filter((q) => q.kind === 'consumption' || q.totalCents !== 0),
    consumptionCentsPerUnit:
      quantity > 0 && consumption > 0 ? Math.round((consumption / quantity) * 100) / 100 : null,
    others,
    totalCents:
      quotas.reduce((sum, q) => sum + q.totalCents, 0) + others.reduce((sum, l) => sum + l.amountCents, 0),
  };
}
