import { describe, it, expect } from 'vitest';
import { isValidBic, isValidIban, maskIban, normalizeIban } from './bank';

describe('normalizeIban', () => {
  it.each([
    ['IT60 X054 2811 1010 0000 0123 456', 'IT60X0542811101000000123456'],
    ['it60x0542811101000000123456', 'IT60X0542811101000000123456'],
    [' DE89 3704 0044 0532 0130 00 ', 'DE89370400440532013000'],
  ])('%j → %s', (value, expected) => {
    expect(normalizeIban(value)).toBe(expected);
  });
});

describe('isValidIban', () => {
  it.each([
    'IT60X0542811101000000123456',
    'IT60 X054 2811 1010 0000 0123 456',
    'it60x0542811101000000123456',
    'DE89370400440532013000',
    'GB82WEST12345698765432',
  ])('accepts %j', (value) => {
    expect(isValidIban(value)).toBe(true);
  });
  it.each([
    'IT61X0542811101000000123456', // wrong check digits
    'IT60X0542811101000000123457', // typo in the account number
    'IT60X054281110100000012345', // too short for Italy
    'XX60X0542811101000000123456',
    '',
  ])('rejects %j', (value) => {
    expect(isValidIban(value)).toBe(false);
  });
});

describe('isValidBic', () => {
  it.each(['BCITITMM', 'UNCRITMMXXX', 'bppbitmm', 'DEUTDEFF500', ' BCITITMM '])('accepts %j', (value) => {
    expect(isValidBic(value)).toBe(true);
  });
  it.each(['BCITITM', 'BCIT IT MM', '1CITITMM', 'BCITITMMXX', ''])('rejects %j', (value) => {
    expect(isValidBic(value)).toBe(false);
  });
});

describe('maskIban', () => {
  it.each([
    ['IT60X0542811101000000123456', 'IT•• •••• … 3456'],
    ['it60 x054 2811 1010 0000 0123 456', 'IT•• •••• … 3456'],
    ['DE89370400440532013000', 'DE•• •••• … 3000'],
    ['IT60', '••••'],
  ])('%j → %s', (value, expected) => {
    expect(maskIban(value)).toBe(expected);
  });
});
