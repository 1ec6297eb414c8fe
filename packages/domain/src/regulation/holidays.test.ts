import { describe, it, expect } from 'vitest';
import { tariffBand } from '../tariff-bands';
import { bandHolidays, easterSunday, HOLIDAY_RULES, nationalHolidays } from './holidays';

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

describe('nationalHolidays', () => {
  it('lists the 2026 national holidays in date order, 4 October included from 2026', () => {
    expect(nationalHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-06', // Easter Monday
      '2026-04-25',
      '2026-05-01',
      '2026-06-02',
      '2026-08-15',
      '2026-10-04', // San Francesco, L. 151/2025
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('starts 4 October on 1 January 2026: 2025 has eleven holidays, 2027 twelve', () => {
    expect(nationalHolidays(2025)).not.toContain('2025-10-04');
    expect(nationalHolidays(2025)).toHaveLength(11);
    expect(nationalHolidays(2027)).toContain('2027-10-04');
    expect(nationalHolidays(2027)).toHaveLength(12);
  });

  it.each([
    [2024, '2024-04-01'],
    [2038, '2038-04-26'], // after 25 April
  ])('%i includes Easter Monday %s', (year, easterMonday) => {
    expect(nationalHolidays(year)).toContain(easterMonday);
  });

  it('lists 25 April once when Easter Monday falls on it (2011)', () => {
    expect(nationalHolidays(2011).filter((date) => date === '2011-04-25')).toHaveLength(1);
    expect(nationalHolidays(2011)).toHaveLength(10);
  });

  it('names a legal source for every day', () => {
    for (const rule of HOLIDAY_RULES) expect(rule.source, rule.name).toMatch(/L\. .+\d{4}/);
  });
});

describe('bandHolidays (ARERA delibera 181/06 list)', () => {
  it('keeps to ARERA’s eleven days: 4 October is a national holiday but not (yet) on the list', () => {
    expect(bandHolidays(2027)).toHaveLength(11);
    expect(bandHolidays(2027)).not.toContain('2027-10-04');
    expect(nationalHolidays(2027).filter((date) => !bandHolidays(2027).includes(date))).toEqual([
      '2027-10-04',
    ]);
  });

  it('bills Monday 4 October 2027 in F1/F2 until ARERA lists it, and in F3 from the day it does', () => {
    expect(tariffBand({ date: '2025-10-04', hour: 10 })).toBe('F2'); // a Saturday, no holiday
    expect(tariffBand({ date: '2027-10-04', hour: 10 })).toBe('F1');
    expect(tariffBand({ date: '2027-10-04', hour: 20 })).toBe('F2');
    // The change ARERA would make is one field of one line: the F3 date of San Francesco.
    const listed = HOLIDAY_RULES.map((rule) =>
      rule.on === '10-04' ? { ...rule, bandF3From: '2027-01-01' } : rule,
    );
    expect(bandHolidays(2026, listed)).not.toContain('2026-10-04');
    expect(bandHolidays(2027, listed)).toContain('2027-10-04');
  });
});
