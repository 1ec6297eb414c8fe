import { describe, it, expect } from 'vitest';
import { addDays, dayOfWeek, isIsoDate, parseIsoDate, toIsoDate } from './iso-date';

describe('isIsoDate / parseIsoDate', () => {
  it.each(['2026-11-21', '2024-02-29', '2000-02-29', '1999-12-31'])('accepts %s', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '1900-02-29',
    '2026-13-01',
    '2026-04-31',
    '2026-00-10',
    '21/11/2026',
    '2026-1-5',
    '',
  ])('rejects %j', (value) => {
    expect(isIsoDate(value)).toBe(false);
    expect(() => parseIsoDate(value)).toThrow(RangeError);
  });

  it('parses into numeric parts', () => {
    expect(parseIsoDate('2026-03-09')).toEqual({ year: 2026, month: 3, day: 9 });
  });
});

describe('toIsoDate', () => {
  it('zero-pads every part', () => {
    expect(toIsoDate({ year: 987, month: 3, day: 4 })).toBe('0987-03-04');
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-28', 2, '2026-03-30'], // across the DST change, no hour drift
    ['2026-10-24', 10, '2026-11-03'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('dayOfWeek', () => {
  it.each([
    ['2026-11-21', 6],
    ['2026-11-22', 0],
    ['2026-11-23', 1],
    ['2024-02-29', 4],
  ])('%s is weekday %i', (date, weekday) => {
    expect(dayOfWeek(date)).toBe(weekday);
  });
});
