// Visibility window of commercial proposals (spec §4); outside it, or once the supplier withdrew the
// proposal, the portal shows 'Proposta non trovata'.

import { PROPOSAL_WHOLE_DAY_FROM } from './constants';
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
