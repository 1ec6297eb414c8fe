// Outcome of the address normalisation service (spec §5): it scores how well the typed
// address matches a known one.

import { ADDRESS_CHECK_PASS_SCORE } from './constants';

export function isAddressCheckPassed(score: number): boolean {
  return score >= ADDRESS_CHECK_PASS_SCORE;
}

/**
 * The address check's outcome: verified (score ≥ 50); unverified, when only the street is missing
 * from the town's street list, which is never complete (ADR 026); refused otherwise.
 */
export type AddressVerdict = 'verified' | 'unverified' | 'refused';

/** An unverified address is accepted once confirmed, and flagged for the supplier to look at. */
export function isAddressAccepted(verdict: AddressVerdict): boolean {
  return verdict !== 'refused';
}
