// Visibility window of commercial proposals (spec §4); outside it, or once the supplier withdrew the
// proposal, the portal shows 'Proposta non trovata'. And what a proposal's offer would cost the
// customer in a year, shown before the choice, on the same twelve months of use a price-change notice
// counts.

import { PROPOSAL_WHOLE_DAY_FROM } from './constants';
import {
  energyVatPercent,
  estimateMonths,
  UNILATERAL_CHANGE_ESTIMATE_MONTHS,
  type MonthlyUse,
} from './regulation/unilateral-change';
import { estimateSpan } from './regulation/price-change-notice';
import { todayInRome } from './rome-time';

/**
 * A missing bound is open. Everything is judged on the Europe/Rome calendar day of `now`.
 *
 * Which rule applies is decided by the current Rome date (the rule changed on
 * PROPOSAL_WHOLE_DAY_FROM), not by the proposal's own dates:
 * - before it, `now` was compared with startDate 00:00 and endDate 00:00 Rome time, so the end
 *   date itself was already excluded — `now < endDate 00:00` is exactly `today < endDate`;
 * - from it on, the end date counts as a whole day: `today <= endDate`.
 * The start bound behaves the same in both: `now >= startDate 00:00` is `today >= startDate`.
 */
export function isProposalVisible(
  proposal: { startDate: string | null; endDate: string | null; withdrawnAt?: Date | null },
  now: Date,
): boolean {
  if (proposal.withdrawnAt) return false;
  const today = todayInRome(now);
  const { startDate, endDate } = proposal;
  if (startDate !== null && today < startDate) return false;
  if (endDate === null) return true;
  return today >= PROPOSAL_WHOLE_DAY_FROM ? today <= endDate : today < endDate;
}

/** What a proposal's offer would cost this customer in a year, on the use of the last twelve months. */
export interface ProposalEstimate {
  /** First day of the first month counted, and the first day after the last one. */
  from: string;
  to: string;
  /** The use counted in those months, in the offer's unit. */
  quantity: number;
  /** Months that had a figure; fewer than 12 for a younger supply. */
  monthsCounted: number;
  vatPercent: number;
  /** The offer's energy price on that use, scaled to a year, plus twelve monthly fees, VAT included. */
  yearlyCents: number;
}

/**
 * The yearly cost of a proposal's offer on the customer's own use: the twelve whole months before
 * `today` (the months the consumption chart shows and a price-change notice counts), scaled up to a
 * year when fewer have a figure, times the energy price, plus twelve monthly fees, then VAT; rounded
 * to the cent once, at the end. Network and system charges and excise are not the offer's and are
 * not in it. Null when no month has a figure (nothing to estimate on).
 */
export function estimateProposalCost(input: {
  uses: readonly MonthlyUse[];
  energyMicroEuro: number;
  fixedFeeCentsPerMonth: number;
  /** The holder's type and the commodity, for the VAT rate on that use (as a price-change notice takes it). */
  customerType: string;
  commodity: string;
  today: string;
}): ProposalEstimate | null {
  const { from, to } = estimateMonths(input.today);
  const counted = input.uses.filter((use) => use.month >= from.slice(0, 7) && use.month < to.slice(0, 7));
  const months = new Set(counted.map((use) => use.month)).size;
  if (months === 0) return null;
  // In thousandths of a unit, as the price-change estimate sums them: the same months, the same figure.
  const quantity = counted.reduce((sum, use) => sum + Math.round(use.quantity * 1000), 0) / 1000;
  const yearlyQuantity = (quantity * UNILATERAL_CHANGE_ESTIMATE_MONTHS) / months;
  // Millionths of a euro per unit → cents: divided by 10,000.
  const netCents =
    (input.energyMicroEuro * yearlyQuantity) / 10_000 +
    input.fixedFeeCentsPerMonth * UNILATERAL_CHANGE_ESTIMATE_MONTHS;
  const vatPercent = energyVatPercent({
    customerType: input.customerType,
    commodity: input.commodity,
    yearlyQuantity,
  });
  const yearlyCents = Math.round((netCents * (100 + vatPercent)) / 100);
  return { from, to, quantity, monthsCounted: months, vatPercent, yearlyCents };
}

let wholeEuros: Intl.NumberFormat | undefined;
let wholeUnits: Intl.NumberFormat | undefined;
let percent: Intl.NumberFormat | undefined;

/** The estimate in one sentence, as the proposal shows it before the choice. */
export function proposalEstimateSentence(estimate: ProposalEstimate, unit: string): string {
  wholeEuros ??= new Intl.NumberFormat('it-IT', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
    useGrouping: 'always',
  });
  wholeUnits ??= new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
  // A household's gas past 480 Smc a year carries the two rates weighted (energyVatPercent): 13,58 %.
  percent ??= new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });
  const used = `${wholeUnits.format(estimate.quantity)} ${unit} ${estimateSpan(estimate)}`;
  const basis =
    estimate.monthsCounted >= UNILATERAL_CHANGE_ESTIMATE_MONTHS
      ? used
      : `${used}: ${estimate.monthsCounted} mesi, riportati a un anno`;
  return (
    `Con questa offerta spenderesti circa ${wholeEuros.format(Math.round(estimate.yearlyCents / 100))} all’anno, ` +
    `IVA ${percent.format(estimate.vatPercent)}% inclusa, sui tuoi consumi degli ultimi 12 mesi (${basis}): ` +
    'prezzo dell’energia e quota fissa; oneri di rete, oneri di sistema e accise sono a parte.'
  );
}
