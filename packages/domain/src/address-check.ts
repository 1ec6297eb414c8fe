// Outcome of the address normalisation service (spec §5): it scores how well the typed
// address matches a known one.

import { ADDRESS_CHECK_PASS_SCORE } from './constants';

export function isAddressCheckPassed(score: number): boolean {
  return score >= ADDRESS_CHECK_PASS_SCORE;
}
