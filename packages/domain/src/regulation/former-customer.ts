// A former customer's personal area. Once every contract has ended the customer keeps the area for six
// months from the last end: bills, payments, complaints and the data archive stay readable, so bills
// issued after the end (the final bill, its payment, a complaint about it) are reachable where the
// customer is used to find them. Afterwards the area closes; the data stay for the supplier's systems.
// Source: ARERA's duty as the compliance audit of 2026 states it (six months after the contract ends);
// the article of the decision that sets it was not found through our search (ADR 066 says so).
import { ACTIVE_CONTRACT_STATUS } from '../constants';
import { addMonths } from '../iso-date';

/** Months a former customer keeps the personal area after the last contract ended (ADR 066). */
export const FORMER_CUSTOMER_AREA_MONTHS = 6;

/** In force on `today` (a Rome date): the active status and no end date before it. */
export const isContractInForce = (c: { status: string; endDate: string | null }, today: string): boolean =>
  c.status === ACTIVE_CONTRACT_STATUS && (c.endDate === null || c.endDate >= today);

/**
 * `current`: some contract has not ended (no end date, or one from today on). `former`: every contract
 * ended, the last on `endedOn`, and the area stays open up to and including `openUntil`. `closed`:
 * `openUntil` is past.
 */
export type PersonalArea =
  { state: 'current' } | { state: 'former' | 'closed'; endedOn: string; openUntil: string };

/** The area of a customer whose contracts end on these dates (null: open-ended), on `today`. */
export function personalArea(contracts: readonly { endDate: string | null }[], today: string): PersonalArea {
  const ends = contracts.map((c) => c.endDate);
  if (ends.length === 0 || ends.some((end) => end === null || end >= today)) return { state: 'current' };
  const endedOn = (ends as string[]).reduce((a, b) => (a > b ? a : b));
  const openUntil = addMonths(endedOn, FORMER_CUSTOMER_AREA_MONTHS);
  return { state: openUntil >= today ? 'former' : 'closed', endedOn, openUntil };
}
