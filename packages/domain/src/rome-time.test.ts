import { describe, it, expect } from 'vitest';
import { hourInRome, romeWallClock, todayInRome } from './rome-time';

describe('hourInRome', () => {
  it.each([
    ['2026-01-15T12:00:00Z', '2026-01-15', 13], // CET, UTC+1
    ['2026-07-15T12:00:00Z', '2026-07-15', 14], // CEST, UTC+2
    ['2026-03-29T00:30:00Z', '2026-03-29', 1], // just before the spring-forward jump
    ['2026-03-29T01:30:00Z', '2026-03-29', 3], // 02:00 local does not exist
    ['2026-10-25T00:30:00Z', '2026-10-25', 2], // first 02:xx (CEST)
    ['2026-10-25T01:30:00Z', '2026-10-25', 2], // repeated 02:xx (CET)
    ['2026-12-31T23:00:00Z', '2027-01-01', 0], // Rome is already in the new year
  ])('%s → %s hour %i', (instant, date, hour) => {
    expect(hourInRome(new Date(instant))).toEqual({ date, hour });
  });

  it('reads what the time zone database says at every half hour of three years, clock changes included', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Rome',
      dateStyle: 'short',
      timeStyle: 'short',
    });
    const differing: string[] = [];
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 1_800_000) {
      // sv-SE writes 'YYYY-MM-DD HH:MM'.
      const [date = '', time = ''] = intl.format(ms).split(' ');
      const rome = hourInRome(new Date(ms));
      if (rome.date !== date || rome.hour !== Number(time.slice(0, 2)))
        differing.push(new Date(ms).toISOString());
    }
    expect(differing).toEqual([]);
  });
});

describe('todayInRome', () => {
  it.each([
    ['2026-11-21T22:59:59Z', '2026-11-21'],
    ['2026-11-21T23:00:00Z', '2026-11-22'],
    ['2026-06-30T21:59:59Z', '2026-06-30'],
    ['2026-06-30T22:00:00Z', '2026-07-01'],
  ])('%s → %s', (instant, expected) => {
    expect(todayInRome(new Date(instant))).toBe(expected);
  });
});

describe('romeWallClock', () => {
  it.each([
    ['2026-01-01', 0, '2025-12-31T23:00:00.000Z'],
    ['2026-07-01', 0, '2026-06-30T22:00:00.000Z'],
    ['2026-03-29', 2, '2026-03-29T01:00:00.000Z'], // the hour skipped in spring
  ])('%s %i:00 in Rome is %s', (date, hour, iso) => {
    expect(romeWallClock(date, hour).toISOString()).toBe(iso);
  });
});
