// A unilateral change of an offer's conditions ("variazione unilaterale", ADR 058, which supersedes
// the notice rule of ADR 032 and ADR 035): ARERA's Codice di condotta commerciale (Allegato A to
// delibera 426/2020/R/com) art. 13 as amended by delibera 395/2024/R/com (in force 1 January 2025).
// The supplier writes to the customer on a durable medium the customer accepted, apart from any other
// communication, at least three months before the change applies — one month when the change only
// lowers the prices — counted from the first day of the month after the one in which the customer
// receives the notice. The customer who does not accept it may withdraw without charges. A notice that
// misses the period pays an automatic compensation. A legal notice, not marketing: it reaches the
// customer whatever the commercial-notification flag says.
//
// The customer's own estimate of the change is computed here and nowhere else: the server's notice,
// its message and every page read the figure this file gives.

import { addDays, addMonths } from '../iso-date';

/**
 * Minimum notice before a change that raises any price applies, in whole months from the first day of
 * the month after the notice is received (Codice di condotta commerciale art. 13, delibera 395/2024).
 */
export const UNILATERAL_CHANGE_NOTICE_MONTHS = 3;
/** Minimum notice when every price that changes goes down (art. 13 as amended by 395/2024). */
export const UNILATERAL_CHANGE_CUT_NOTICE_MONTHS = 1;
/**
 * Days after posting a letter is presumed received (Codice di condotta commerciale art. 13, text of
 * delibera 366/2018, read in summaries: "si presume ricevuta trascorsi 10 giorni dall'invio"). An
 * e-mail reaches the customer the day it is sent; a letter posted by the supplier's systems is counted
 * from this presumption unless they report the day it was delivered.
 */
export const LETTER_PRESUMED_RECEIPT_DAYS = 10;
/**
 * Automatic compensation when the notice misses the period (Codice di condotta commerciale art. 14,
 * 30 € as summaries of delibera 395/2024 report it): credited on the next bill, as TIQV's are.
 */
export const UNILATERAL_CHANGE_LATE_NOTICE_COMPENSATION_CENTS = 3000;
/**
 * Months of the customer's own use the estimate is made on (ours, ADR 035): the twelve whole calendar
 * months before the notice's month, the months the consumption chart shows.
 */
export const UNILATERAL_CHANGE_ESTIMATE_MONTHS = 12;

/** A change that lowers every price it touches (a cut: one month's notice), or any other (a rise). */
export type ChangeDirection = 'rise' | 'cut';

/** The notice period of a change, in months. */
export const noticeMonths = (direction: ChangeDirection): number =>
  direction === 'cut' ? UNILATERAL_CHANGE_CUT_NOTICE_MONTHS : UNILATERAL_CHANGE_NOTICE_MONTHS;

/**
 * The first day a change may apply when the customer receives its notice on `receivedOn`: the period
 * runs from the first day of the next month (received 17 November 2026: from 1 December, so a rise
 * applies from 1 March 2027 and a cut from 1 January 2027).
 */
export function earliestChangeDate(receivedOn: string, direction: ChangeDirection = 'rise'): string {
  const nextMonth = addMonths(`${receivedOn.slice(0, 7)}-01`, 1);
  return addMonths(nextMonth, noticeMonths(direction));
}

/** Whether a change applying on `effectiveOn` was notified in time. */
export function isNoticeInTime(
  receivedOn: string,
  effectiveOn: string,
  direction: ChangeDirection = 'rise',
): boolean {
  return effectiveOn >= earliestChangeDate(receivedOn, direction);
}

/** The day a notice sent on `sentOn` reaches the customer: an e-mail that day, a letter as presumed. */
export function noticeReceivedOn(sentOn: string, medium: 'email' | 'letter'): string {
  return medium === 'email' ? sentOn : addDays(sentOn, LETTER_PRESUMED_RECEIPT_DAYS);
}

/** The compensation a notice owes the customer: nothing when in time (art. 14). */
export function lateNoticeCompensationCents(
  receivedOn: string,
  effectiveOn: string,
  direction: ChangeDirection,
): number {
  return isNoticeInTime(receivedOn, effectiveOn, direction)
    ? 0
    : UNILATERAL_CHANGE_LATE_NOTICE_COMPENSATION_CENTS;
}

/** The customer may switch without charges from the notice until the day before the change applies. */
export function penaltyFreeUntil(effectiveOn: string): string {
  return addDays(effectiveOn, -1);
}

/** How a price is counted: per unit of use (kWh, Smc), per month, per year, per kW of power a month. */
export type PriceUnit = 'kWh' | 'Smc' | 'month' | 'year' | 'kW';

/** One price of an offer, as the offer holds it: thousandths of a euro per unit. */
export interface PriceComponent {
  label: string;
  unit: PriceUnit;
  milliEuro: number;
  /** A spread added to the hourly reference price (PUN) rather than a price of its own. */
  hourly: boolean;
}

/** One price that changes: null on the old side for a new price, on the new side for one dropped. */
export interface PriceComponentChange {
  label: string;
  unit: PriceUnit;
  hourly: boolean;
  oldMilliEuro: number | null;
  newMilliEuro: number | null;
}

const componentKey = (p: Pick<PriceComponent, 'label' | 'unit'>) => `${p.unit}\u0000${p.label}`;

/**
 * What changes from one price list to the other, matched by label and unit: the new list's order,
 * then the prices it drops. Prices that stay the same are left out.
 */
export function priceComponentChanges(
  oldPrices: readonly PriceComponent[],
  newPrices: readonly PriceComponent[],
): PriceComponentChange[] {
  const before = new Map(oldPrices.map((p) => [componentKey(p), p]));
  const after = new Set(newPrices.map(componentKey));
  const changed = newPrices.flatMap((p): PriceComponentChange[] => {
    const old = before.get(componentKey(p));
    if (old && old.milliEuro === p.milliEuro && old.hourly === p.hourly) return [];
    const { label, unit, hourly } = p;
    return [{ label, unit, hourly, oldMilliEuro: old?.milliEuro ?? null, newMilliEuro: p.milliEuro }];
  });
  const dropped = oldPrices
    .filter((p) => !after.has(componentKey(p)))
    .map(({ label, unit, hourly, milliEuro }) => ({
      label,
      unit,
      hourly,
      oldMilliEuro: milliEuro,
      newMilliEuro: null,
    }));
  return [...changed, ...dropped];
}

/** A cut when every price that changes goes down (a price dropped is a cut, one added a rise). */
export function changeDirection(changes: readonly PriceComponentChange[]): ChangeDirection {
  return changes.every((c) => (c.newMilliEuro ?? 0) < (c.oldMilliEuro ?? 0)) ? 'cut' : 'rise';
}

/**
 * VAT on energy (DPR 633/1972): 10 % for a household's electricity, heat and gas (Tabella A parte III,
 * n. 103 and n. 127-bis, the latter for gas up to 480 Smc a year), 22 % otherwise (art. 16).
 */
export const ENERGY_VAT_PERCENT = { household: 10, standard: 22 } as const;
/** A household's yearly gas use taxed at the reduced rate (DPR 633/1972, Tabella A parte III n. 127-bis). */
export const HOUSEHOLD_GAS_REDUCED_VAT_SMC = 480;

/**
 * The VAT rate a change's yearly effect carries: a household's (a private customer's), or the standard
 * one. A household's gas above 480 Smc a year pays the standard rate on the excess: the estimate takes
 * the two rates weighted by the yearly use (ours: the rule splits the bill's lines, not a yearly sum).
 */
export function energyVatPercent(input: {
  customerType: string;
  commodity: string;
  yearlyQuantity: number;
}): number {
  if (input.customerType !== 'private') return ENERGY_VAT_PERCENT.standard;
  const { household, standard } = ENERGY_VAT_PERCENT;
  if (input.commodity !== 'gas' || input.yearlyQuantity <= HOUSEHOLD_GAS_REDUCED_VAT_SMC) return household;
  const reduced = HOUSEHOLD_GAS_REDUCED_VAT_SMC / input.yearlyQuantity;
  return household * reduced + standard * (1 - reduced);
}

/** Whether a price is paid per unit of use (so the estimate needs the customer's use). */
export const isPerUse = (unit: PriceUnit): boolean => unit === 'kWh' || unit === 'Smc';

/** The use of one calendar month ('YYYY-MM'), in the supply's unit. */
export interface MonthlyUse {
  month: string;
  quantity: number;
}

/**
 * The months an estimate made on `today` counts: the twelve whole calendar months before today's
 * month, as `[from, to)` first days of a month (today 2026-05-20: 2025-05-01 to 2026-05-01).
 */
export function estimateMonths(today: string): { from: string; to: string } {
  const to = `${today.slice(0, 7)}-01`;
  return { from: addMonths(to, -UNILATERAL_CHANGE_ESTIMATE_MONTHS), to };
}

export interface UnilateralChangeEstimate {
  /** First day of the first month counted, and the first day after the last one. */
  from: string;
  to: string;
  /** The use counted in those months, in the supply's unit. */
  quantity: number;
  /** Months that had a figure; fewer than 12 for a younger supply (or a month without readings). */
  monthsCounted: number;
  /** Yearly effect of the new prices on that use, VAT included, in cents (positive: the customer pays more). */
  yearlyEffectCents: number;
  /** The VAT rate in it (energyVatPercent; two decimals at most). */
  vatPercent: number;
}

/** Months of a change's yearly effect that a price counted per month, per year or per kW-month takes. */
const PER_YEAR: Record<Exclude<PriceUnit, 'kWh' | 'Smc'>, number> = { month: 12, year: 1, kW: 12 };

/**
 * The customer's own estimate of a change of prices: the use of the twelve whole months before
 * `today` (the clock is the caller's), scaled up to a year when fewer months have a figure, times the
 * change of each price per unit of use; a price per month counts twelve times, per year once, per kW
 * twelve times the contractual power. VAT is in it (energyVatPercent: what the customer pays); excise
 * and system charges do not change with the offer's prices. Rounded to the cent once, at the end, half
 * away from zero. Null when a price per unit of use changes and no month has a figure (nothing to
 * estimate on).
 */
export function estimateUnilateralChange(input: {
  uses: readonly MonthlyUse[];
  changes: readonly PriceComponentChange[];
  /** The supply's contractual power, for prices per kW; 0 when it has none. */
  contractualPowerKw: number;
  /** The holder's type (private: a household) and the supply's commodity, for the VAT rate. */
  customerType: string;
  commodity: string;
  today: string;
}): UnilateralChangeEstimate | null {
  const { from, to } = estimateMonths(input.today);
  const counted = input.uses.filter((use) => use.month >= from.slice(0, 7) && use.month < to.slice(0, 7));
  const months = new Set(counted.map((use) => use.month)).size;
  const perUse = input.changes.some((c) => isPerUse(c.unit));
  if (perUse && months === 0) return null;
  // Summed in thousandths of a unit (the meters' resolution), so the same months give the same figure
  // whichever way their parts were added up before (floating point is not associative).
  const quantity = counted.reduce((sum, use) => sum + Math.round(use.quantity * 1000), 0) / 1000;
  const yearlyQuantity = months === 0 ? 0 : (quantity * UNILATERAL_CHANGE_ESTIMATE_MONTHS) / months;
  const milliEuro = input.changes.reduce((sum, c) => {
    const delta = (c.newMilliEuro ?? 0) - (c.oldMilliEuro ?? 0);
    if (isPerUse(c.unit)) return sum + delta * yearlyQuantity;
    const times = PER_YEAR[c.unit as keyof typeof PER_YEAR];
    return sum + delta * times * (c.unit === 'kW' ? input.contractualPowerKw : 1);
  }, 0);
  const vatPercent =
    Math.round(
      energyVatPercent({ customerType: input.customerType, commodity: input.commodity, yearlyQuantity }) *
        100,
    ) / 100;
  const withVat = (milliEuro * (100 + vatPercent)) / 100;
  const cents = Math.sign(withVat) * Math.round(Math.abs(withVat) / 10);
  return {
    from,
    to,
    quantity,
    monthsCounted: months,
    yearlyEffectCents: cents === 0 ? 0 : cents,
    vatPercent,
  };
}

const PRICE_UNITS: Record<PriceUnit, string> = {
  kWh: '€/kWh',
  Smc: '€/Smc',
  month: '€/mese',
  year: '€/anno',
  kW: '€/kW al mese',
};

// Prices per unit of use need more than the cents of an amount: 0,012 €/kWh.
// Built on first use, then kept (format.ts says why).
let priceNumber: Intl.NumberFormat | undefined;

/**
 * A price as the notice words it: "0,012 €/kWh", "PUN + 0,012 €/kWh", "PSV + 0,095 €/Smc", "9,00 €/mese".
 * An indexed (`hourly`) price is a spread over the commodity's index: the hour's PUN, the month's PSV.
 */
export function formatPrice(milliEuro: number, unit: PriceUnit, hourly = false): string {
  priceNumber ??= new Intl.NumberFormat('it-IT', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
    useGrouping: 'always',
  });
  return `${hourly ? `${unit === 'Smc' ? 'PSV' : 'PUN'} + ` : ''}${priceNumber.format(milliEuro / 1000)} ${PRICE_UNITS[unit]}`;
}

let signedEuros: Intl.NumberFormat | undefined;

/** The yearly effect in whole euros with its sign, as "circa" says it: 3890 → "+39 €", -1240 → "-12 €". */
export function formatYearlyEffect(cents: number): string {
  signedEuros ??= new Intl.NumberFormat('it-IT', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
    signDisplay: 'exceptZero',
    useGrouping: 'always',
  });
  return signedEuros.format(Math.round(cents / 100));
}
