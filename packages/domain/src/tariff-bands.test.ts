import { describe, it, expect } from 'vitest';
import type { TariffBand } from './tariff-bands';
import { mergeBiHourly, tariffBand } from './tariff-bands';

// Week of 23–29 November 2026: Monday to Sunday, no holidays.
const MONDAY = '2026-11-23';
const FRIDAY = '2026-11-27';
const SATURDAY = '2026-11-28';
const SUNDAY = '2026-11-29';

describe('tariffBand', () => {
  it.each<[string, number, TariffBand]>([
    [MONDAY, 0, 'F3'],
    [MONDAY, 6, 'F3'],
    [MONDAY, 7, 'F2'],
    [MONDAY, 8, 'F1'],
    [MONDAY, 12, 'F1'],
    [MONDAY, 18, 'F1'],
    [MONDAY, 19, 'F2'],
    [MONDAY, 22, 'F2'],
    [MONDAY, 23, 'F3'],
    [FRIDAY, 18, 'F1'],
    [SATURDAY, 6, 'F3'],
    [SATURDAY, 7, 'F2'],
    [SATURDAY, 12, 'F2'], // no F1 on Saturday
    [SATURDAY, 22, 'F2'],
    [SATURDAY, 23, 'F3'],
    [SUNDAY, 12, 'F3'],
    [SUNDAY, 20, 'F3'],
    ['2026-12-08', 12, 'F3'], // Immacolata, a Tuesday
    ['2026-04-06', 10, 'F3'], // Easter Monday
    ['2026-06-02', 9, 'F3'], // Festa della Repubblica, a Tuesday
    ['2026-12-24', 12, 'F1'], // Christmas Eve is a working day
    ['2026-08-14', 10, 'F1'],
  ])('%s hour %i → %s', (date, hour, expected) => {
    expect(tariffBand({ date, hour })).toBe(expected);
  });

  it.each([
    [MONDAY, 24],
    [MONDAY, -1],
    [MONDAY, 7.5],
    ['2026-02-30', 10],
  ])('rejects %s hour %d', (date, hour) => {
    expect(() => tariffBand({ date, hour })).toThrow(RangeError);
  });
});

describe('mergeBiHourly', () => {
  it.each<[TariffBand, string]>([
    ['F1', 'F1'],
    ['F2', 'F23'],
    ['F3', 'F23'],
  ])('%s → %s', (band, expected) => {
    expect(mergeBiHourly(band)).toBe(expected);
  });
});
