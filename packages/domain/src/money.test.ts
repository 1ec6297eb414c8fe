import { describe, it, expect } from 'vitest';
import { centsToEuro, euroToCents } from './money';

describe('centsToEuro', () => {
  it.each([
    [123456, 1234.56],
    [5, 0.05],
    [-1999, -19.99],
    [0, 0],
  ])('%i cents = %d €', (cents, euro) => {
    expect(centsToEuro(cents)).toBe(euro);
  });
});

describe('euroToCents', () => {
  it.each([
    [19.99, 1999],
    [0.29, 29], // 0.29 * 100 = 28.999999999999996
    [1.005, 101], // 1.005 * 100 = 100.49999999999999
    [1234.565, 123457],
    [-1.005, -101], // half away from zero for refunds too
    [0.1 + 0.2, 30],
    [1e-7, 0],
    [0, 0],
  ])('%d € = %i cents', (euro, cents) => {
    expect(euroToCents(euro)).toBe(cents);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (euro) => {
    expect(() => euroToCents(euro)).toThrow(RangeError);
  });

  it('round-trips every cent amount up to 100 €', () => {
    for (let cents = 0; cents <= 10_000; cents++) expect(euroToCents(centsToEuro(cents))).toBe(cents);
  });
});
