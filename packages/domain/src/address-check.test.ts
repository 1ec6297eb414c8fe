import { describe, it, expect } from 'vitest';
import { isAddressCheckPassed } from './address-check';

describe('isAddressCheckPassed', () => {
  it.each([
    [100, true],
    [50, true],
    [49.9, false],
    [0, false],
  ])('score %d → %s', (score, expected) => {
    expect(isAddressCheckPassed(score)).toBe(expected);
  });
});
