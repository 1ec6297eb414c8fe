import { describe, it, expect } from 'vitest';
import { PROPOSAL_WHOLE_DAY_FROM } from './constants';
import { isProposalVisible } from './proposals';

type Bounds = { startDate: string | null; endDate: string | null };

describe('isProposalVisible', () => {
  const november: Bounds = { startDate: '2026-11-10', endDate: '2026-11-20' };

  it.each<[Bounds, string, boolean]>([
    [november, '2026-11-09T22:59:59Z', false], // 23:59 Rome on the day before
    [november, '2026-11-09T23:00:00Z', true], // 00:00 Rome on the start day
    [november, '2026-11-20T22:59:59Z', true], // 23:59 Rome on the end day: whole day counts
    [november, '2026-11-20T23:00:00Z', false], // 00:00 Rome the day after
    [{ startDate: null, endDate: '2026-11-20' }, '2000-01-01T12:00:00Z', true],
    [{ startDate: '2026-11-10', endDate: null }, '2099-01-01T12:00:00Z', true],
    [{ startDate: '2026-11-10', endDate: null }, '2026-11-09T12:00:00Z', false],
    [{ startDate: null, endDate: null }, '2026-11-21T12:00:00Z', true],
    // Summer time: Rome midnight is 22:00 UTC.
    [{ startDate: '2026-07-01', endDate: '2026-07-31' }, '2026-06-30T22:00:00Z', true],
    [{ startDate: '2026-07-01', endDate: '2026-07-31' }, '2026-07-31T22:00:00Z', false],
  ])('%o at %s → %s', (bounds, now, expected) => {
    expect(isProposalVisible(bounds, new Date(now))).toBe(expected);
  });

  describe(`before ${PROPOSAL_WHOLE_DAY_FROM} the end date is an instant at 00:00 Rome`, () => {
    const december: Bounds = { startDate: '2023-12-01', endDate: '2024-01-10' };

    it.each([
      ['2023-11-30T23:00:00Z', true], // start 00:00 Rome
      ['2024-01-09T22:59:59Z', true], // 23:59 Rome on the day before the end date
      ['2024-01-09T23:00:00Z', false], // end date itself is excluded
      ['2024-01-10T12:00:00Z', false],
    ])('%s → %s', (now, expected) => {
      expect(isProposalVisible(december, new Date(now))).toBe(expected);
    });

    it.each([
      ['2024-01-15', '2024-01-15T12:00:00Z', false], // last day of the old rule: end date excluded
      ['2024-01-16', '2024-01-16T12:00:00Z', true], // first day of the new rule: end date included
    ])('end date %s at %s → %s', (endDate, now, expected) => {
      expect(isProposalVisible({ startDate: null, endDate }, new Date(now))).toBe(expected);
    });
  });
});
