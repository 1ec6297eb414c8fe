import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatInstantDate,
  formatIsoDate,
  formatMilliEuro,
  formatNumber,
  formatPercent,
  formatPhone,
  formatUnitPrice,
} from './format';

describe('Italian formats', () => {
  it('writes unit prices to the thousandth of a euro', () => {
    expect(formatMilliEuro(123).replace(/\s/g, ' ')).toBe('0,123 €');
    expect(formatMilliEuro(9500).replace(/\s/g, ' ')).toBe('9,50 €');
  });

  it('writes euros the Italian way', () => {
    expect(formatCents(123456).replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatCents(5).replace(/\s/g, ' ')).toBe('0,05 €');
  });

  it('writes dates in Italian without shifting the day', () => {
    expect(formatIsoDate('2026-03-05')).toBe('5 marzo 2026');
    expect(formatIsoDate('2025-12-31')).toBe('31 dicembre 2025');
  });

  it('writes an instant as its day in Italy', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(formatInstantDate('2025-12-31T23:30:00Z')).toBe('1 gennaio 2026');
    expect(formatInstantDate('2026-07-10T08:00:00Z')).toBe('10 luglio 2026');
  });

  it('groups thousands in numbers', () => {
    expect(formatNumber(12345.5)).toBe('12.345,5');
    expect(formatNumber(3)).toBe('3');
  });

  it('writes shares as whole percents', () => {
    expect(formatPercent(0.125).replace(/\s/g, ' ')).toBe('13%');
    expect(formatPercent(0).replace(/\s/g, ' ')).toBe('0%');
    expect(formatPercent(1.5).replace(/\s/g, ' ')).toBe('150%');
  });

  it('writes a price per unit with four decimals of a euro', () => {
    expect(formatUnitPrice(12.3456).replace(/\s/g, ' ')).toBe('0,1235 €');
    expect(formatUnitPrice(100).replace(/\s/g, ' ')).toBe('1,00 €');
  });
});

describe('formatPhone', () => {
  it.each([
    ['+393339876543', '+39 333 987 6543'],
    ['3339876543', '333 987 6543'],
    ['0039 333 987654', '+39 333 987 654'],
    ['0612345678', '06 1234 5678'],
    ['+390287654321', '+39 02 8765 4321'],
    ['055123456', '055 123 456'],
    ['not a phone', 'not a phone'],
  ])('writes %j as %j', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});
