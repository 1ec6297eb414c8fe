import { describe, expect, it } from 'vitest';
import { formatCents, formatIsoDate } from './format';

describe('Italian formats', () => {
  it('writes euros the Italian way', () => {
    expect(formatCents(123456).replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatCents(5).replace(/\s/g, ' ')).toBe('0,05 €');
  });

  it('writes dates in Italian without shifting the day', () => {
    expect(formatIsoDate('2026-03-05')).toBe('5 marzo 2026');
    expect(formatIsoDate('2025-12-31')).toBe('31 dicembre 2025');
  });
});
