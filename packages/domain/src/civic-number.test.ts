import { describe, expect, it } from 'vitest';
import { isPlausibleCivicNumber } from './civic-number';

describe('isPlausibleCivicNumber', () => {
  it.each([
    '1',
    '5',
    '12',
    '17',
    '12/A',
    '12 B',
    '12b',
    '7bis',
    '7 ter',
    '7/bis',
    '3 quater',
    '12-14',
    '5/2',
    '12/2 A',
    'km 12',
    'Km 12,500',
    'km 3+200',
    'KM.4',
    'SNC',
    'snc',
    'S.N.C.',
    ' 12 ',
  ])('accepts %j', (value) => {
    expect(isPlausibleCivicNumber(value)).toBe(true);
  });

  it.each(['', ' ', 'abc', 'A', 'dodici', '0', '012', '123456', '12/ABCD', 'km', '12 bisx', 'via 12', '-3'])(
    'refuses %j',
    (value) => {
      expect(isPlausibleCivicNumber(value)).toBe(false);
    },
  );
});
