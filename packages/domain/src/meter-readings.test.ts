import { describe, expect, it } from 'vitest';
import { dailyUseBetween, isWindowOpen, plausibility, registerProblem } from './meter-readings';

describe('registerProblem', () => {
  it.each([
    ['12345', null],
    [' 0042 ', null],
    ['12345678', null],
    ['', 'required'],
    ['   ', 'required'],
    ['12a45', 'digits_only'],
    ['12,5', 'digits_only'],
    ['-3', 'digits_only'],
    ['123456789', 'too_many_digits'],
  ])('%j → %s', (typed, expected) => {
    expect(registerProblem(typed)).toBe(expected);
  });
});

describe('isWindowOpen', () => {
  const window = { opensOn: '2026-11-20', closesOn: '2026-11-30' };
  it.each([
    ['2026-11-19', false],
    ['2026-11-20', true],
    ['2026-11-25', true],
    ['2026-11-30', true],
    ['2026-12-01', false],
  ])('%s → %s', (today, open) => {
    expect(isWindowOpen(window, today)).toBe(open);
  });
});

describe('dailyUseBetween', () => {
  it('divides the use by the days between', () => {
    expect(dailyUseBetween({ date: '2026-01-01', value: 100 }, { date: '2026-01-31', value: 400 })).toBe(10);
  });
  it('tells nothing without days or with a register that went back', () => {
    expect(
      dailyUseBetween({ date: '2026-01-01', value: 100 }, { date: '2026-01-01', value: 400 }),
    ).toBeNull();
    expect(
      dailyUseBetween({ date: '2026-01-01', value: 500 }, { date: '2026-01-31', value: 400 }),
    ).toBeNull();
  });
});

describe('plausibility', () => {
  // 10 units a day, last read 30 days before: 300 expected, up to 900 plausible.
  const history = { lastValue: 1000, lastDate: '2026-10-24', dailyUse: 10 };
  it.each([
    [1000, true, 0],
    [1300, true, 300],
    [1900, true, 900],
    [1901, false, 901],
    [9000, false, 8000],
  ])('value %i → plausible %s (consumption %i)', (value, plausible, consumption) => {
    expect(plausibility(history, value, '2026-11-23')).toEqual({
      plausible,
      possible: true,
      consumption,
      expected: 300,
    });
  });

  it.each([
    [31_000, true],
    [31_001, false],
    [99_999_999, false],
  ])('value %i → possible %s (at most 100 times the expected use)', (value, possible) => {
    expect(plausibility(history, value, '2026-11-23')).toMatchObject({ plausible: false, possible });
  });

  it('has a floor so a small expected use does not flag a modest one', () => {
    const quiet = { lastValue: 1000, lastDate: '2026-11-22', dailyUse: 1 };
    expect(plausibility(quiet, 1050, '2026-11-23').plausible).toBe(true);
    expect(plausibility(quiet, 1052, '2026-11-23').plausible).toBe(false);
  });

  it('accepts anything without a history', () => {
    const none = { lastValue: 0, lastDate: '2026-11-01', dailyUse: null };
    expect(plausibility(none, 99_999_999, '2026-11-23')).toEqual({
      plausible: true,
      possible: true,
      consumption: 99_999_999,
      expected: null,
    });
  });
});
