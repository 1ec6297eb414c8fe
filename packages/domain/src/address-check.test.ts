import { describe, it, expect } from 'vitest';
import { isAddressCheckPassed, refusedAddressParts } from './address-check';

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

describe('refusedAddressParts', () => {
  it.each([
    [{ town: 0, postalCode: 0, street: 0, civicNumber: 10 }, ['city']],
    [{ town: 0, postalCode: 0, street: 0, civicNumber: 0 }, ['city', 'civicNumber']],
    [{ town: 40, postalCode: 0, street: 30, civicNumber: 10 }, ['postalCode']],
    [{ town: 40, postalCode: 20, street: 0, civicNumber: 10 }, ['streetName']],
    [{ town: 40, postalCode: 20, street: 30, civicNumber: 10 }, []],
  ])('%o → %o', (details, parts) => expect(refusedAddressParts(details)).toEqual(parts));
});
