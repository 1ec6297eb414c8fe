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

/** The parts of an address the check scores, each 0 where it did not match. */
export interface AddressCheckDetails {
  town: number;
  postalCode: number;
  street: number;
  civicNumber: number;
}

export type AddressPart = 'city' | 'postalCode' | 'streetName' | 'civicNumber';

/**
 * Which fields a refused address has wrong, so the form can name them: a town not found says
 * nothing about its CAP and street (they were not compared), a found town's CAP, street or civic
 * number that scored nothing are each wrong.
 */
export function refusedAddressParts(details: AddressCheckDetails): AddressPart[] {
  const civic: AddressPart[] = details.civicNumber === 0 ? ['civicNumber'] : [];
  if (details.town === 0) return ['city', ...civic];
  return [
    ...(details.postalCode === 0 ? (['postalCode'] as const) : []),
    ...(details.street === 0 ? (['streetName'] as const) : []),
    ...civic,
  ];
}
