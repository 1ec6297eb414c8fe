import { describe, it, expect } from 'vitest';
import { easterSunday, italianHolidays } from './italian-holidays';

describe('easterSunday', () => {
  it.each([
    [2008, '2008-03-23'], // earliest in decades
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2038, '2038-04-25'], // latest possible date
  ])('%i → %s', (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });
});

describe('italianHolidays', () => {
  it('lists the 2026 national holidays in date order', () => {
    expect(italianHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-06', // Easter Monday
      '2026-04-25',
      '2026-05-01',
      '2026-06-02',
      '2026-08-15',
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it.each([
    [2024, '2024-04-01'],
    [2038, '2038-04-26'], // after 25 April
  ])('%i includes Easter Monday %s', (year, easterMonday) => {
    expect(italianHolidays(year)).toContain(easterMonday);
    expect(italianHolidays(year)).toHaveLength(11);
  });

  it('lists 25 April once when Easter Monday falls on it (2011)', () => {
    expect(italianHolidays(2011).filter((date) => date === '2011-04-25')).toHaveLength(1);
    expect(italianHolidays(2011)).toHaveLength(10);
  });
});
