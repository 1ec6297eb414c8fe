// Password strength rules (spec §5) reported as a list of issues so the UI can show one
// message per unmet rule rather than a single generic error.

import { PASSWORD_MIN_LENGTH } from './constants';

export type PasswordIssue = 'min_length' | 'non_alpha' | 'uppercase' | 'number';

// Each rule is independent: a digit satisfies 'number' but not 'non_alpha', otherwise the
// 'number' rule would make 'non_alpha' impossible to fail and its message pointless.
const RULES: ReadonlyArray<readonly [PasswordIssue, (value: string) => boolean]> = [
  ['min_length', (value) => [...value].length >= PASSWORD_MIN_LENGTH],
  ['non_alpha', (value) => /[^\p{L}\p{N}]/u.test(value)],
  ['uppercase', (value) => /\p{Lu}/u.test(value)],
  ['number', (value) => /\d/.test(value)],
];

/** Unmet rules in a stable order; an empty array means the password is acceptable. */
export function passwordIssues(value: string): PasswordIssue[] {
  return RULES.filter(([, passes]) => !passes(value)).map(([issue]) => issue);
}

export function isValidPassword(value: string): boolean {
  return passwordIssues(value).length === 0;
}

export function passwordsMatch(a: string, b: string): boolean {
  return a === b;
}
