import { describe, it, expect } from 'vitest';
import type { PasswordIssue } from './password';
import { isValidPassword, passwordIssues, passwordsMatch } from './password';

describe('passwordIssues', () => {
  it.each<[string, PasswordIssue[]]>([
    ['Sportello#2026', []],
    ['Ab1!efgh', []], // exactly the minimum length
    ['Città!2026', []], // accented letters are letters
    ['Pass word1', []], // a space is a non-alphabetic symbol
    ['Ab1!efg', ['min_length']],
    ['Password1', ['non_alpha']], // a digit alone does not count as the symbol
    ['sportello#2026', ['uppercase']],
    ['Sportello#', ['number']],
    ['', ['min_length', 'non_alpha', 'uppercase', 'number']],
    ['abc', ['min_length', 'non_alpha', 'uppercase', 'number']],
  ])('%j → %j', (value, issues) => {
    expect(passwordIssues(value)).toEqual(issues);
    expect(isValidPassword(value)).toBe(issues.length === 0);
  });
});

describe('passwordsMatch', () => {
  it.each([
    ['Sportello#2026', 'Sportello#2026', true],
    ['Sportello#2026', 'sportello#2026', false],
    ['Sportello#2026', 'Sportello#2026 ', false],
  ])('%j vs %j → %s', (a, b, expected) => {
    expect(passwordsMatch(a, b)).toBe(expected);
  });
});
