import { describe, it, expect } from 'vitest';
import type { TariffBand } from './tariff-bands';
import { mergeBiHourly, tariffBand } from './tariff-bands';
import { hourInRome } from './rome-time';

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

describe('tariffBand of every hour of a week with a holiday and of both daylight-saving days', () => {
  const HOUR_MS = 3_600_000;
  /** The bands of every hour that starts on `date` in Rome, in order: 23, 24 or 25 of them. */
  function bandsOfRomeDay(date: string): string {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    let bands = '';
    // Rome is UTC+1 or +2: its day starts between 22:00 and 23:00 UTC of the day before.
    for (
      let t = Date.UTC(y, m - 1, d) - 3 * HOUR_MS;
      t < Date.UTC(y, m - 1, d) + 24 * HOUR_MS;
      t += HOUR_MS
    ) {
      const rome = hourInRome(new Date(t));
      if (rome.date === date) bands += tariffBand(rome).slice(1);
    }
    return bands;
  }
  const WORKDAY = '3333333' + '2' + '11111111111' + '2222' + '3';
  const SATURDAY_BANDS = '3333333' + '2222222222222222' + '3';
  const DAY_OFF = '3'.repeat(24);

  it.each([
    // Easter week 2026: Monday 6 April is Pasquetta, a holiday.
    ['2026-04-06', DAY_OFF],
    ['2026-04-07', WORKDAY],
    ['2026-04-08', WORKDAY],
    ['2026-04-09', WORKDAY],
    ['2026-04-10', WORKDAY],
    ['2026-04-11', SATURDAY_BANDS],
    ['2026-04-12', DAY_OFF],
    // Spring forward on Sunday 29 March: 23 hours (02:00 does not exist).
    ['2026-03-28', SATURDAY_BANDS],
    ['2026-03-29', '3'.repeat(23)],
    ['2026-03-30', WORKDAY],
    // Fall back on Sunday 25 October: 25 hours (02:00 twice).
    ['2026-10-24', SATURDAY_BANDS],
    ['2026-10-25', '3'.repeat(25)],
    ['2026-10-26', WORKDAY],
  ])('%s', (date, expected) => {
    expect(bandsOfRomeDay(date)).toBe(expected);
  });
});
