import { describe, expect, it } from 'vitest';
import { addDays } from '../iso-date';
import {
  earliestChangeDate,
  estimateUnilateralChange,
  isNoticeInTime,
  UNILATERAL_CHANGE_LATE_NOTICE_COMPENSATION_CENTS,
  UNILATERAL_CHANGE_NOTICE_MONTHS,
} from './unilateral-change';

/** `days` days of `perDay` units each, ending the day before `today`. */
const daily = (today: string, days: number, perDay: number) =>
  Array.from({ length: days }, (_, i) => ({ date: addDays(today, -1 - i), quantity: perDay }));

describe('unilateral change (Codice di condotta commerciale art. 13-14)', () => {
  it('holds the rule’s figures: three months’ notice, €30 when late', () => {
    expect(UNILATERAL_CHANGE_NOTICE_MONTHS).toBe(3);
    expect(UNILATERAL_CHANGE_LATE_NOTICE_COMPENSATION_CENTS).toBe(3000);
  });

  it.each([
    ['2026-11-25', '2027-02-25'],
    ['2026-11-30', '2027-02-28'], // no 30 February: the month's last day
    ['2027-11-30', '2028-02-29'], // leap year
    ['2026-12-31', '2027-03-31'],
  ])('a notice on %s lets the change apply from %s', (noticeOn, first) => {
    expect(earliestChangeDate(noticeOn)).toBe(first);
    expect(isNoticeInTime(noticeOn, first)).toBe(true);
    expect(isNoticeInTime(noticeOn, addDays(first, -1))).toBe(false);
  });

  it('estimates the yearly effect from the last 365 days of the customer’s own use', () => {
    const today = '2026-11-25';
    const uses = [
      ...daily(today, 365, 6), // 2190 kWh in the year
      { date: addDays(today, -366), quantity: 1000 }, // older: not counted
      { date: today, quantity: 1000 }, // today is not over: not counted
    ];
    const estimate = estimateUnilateralChange({
      uses,
      oldUnitPriceCents: 12,
      newUnitPriceCents: 13.5,
      noticeOn: today,
      effectiveOn: '2027-03-01',
      today,
    });
    expect(estimate).toEqual({
      quantity: 2190,
      daysCounted: 365,
      yearlyEffectCents: 3285, // 2190 kWh × 1.5 c
      penaltyFreeFrom: '2026-11-25',
      penaltyFreeUntil: '2027-02-28',
    });
  });

  it('scales a younger supply’s use up to a year, and a price cut gives a negative effect', () => {
    const today = '2026-11-25';
    const estimate = estimateUnilateralChange({
      uses: daily(today, 73, 10), // 730 kWh in a fifth of a year
      oldUnitPriceCents: 15,
      newUnitPriceCents: 14,
      noticeOn: today,
      effectiveOn: '2027-02-25',
      today,
    });
    expect(estimate?.yearlyEffectCents).toBe(-3650);
  });

  it('gives no estimate without any use', () => {
    const args = {
      oldUnitPriceCents: 1,
      newUnitPriceCents: 2,
      noticeOn: '2026-11-25',
      effectiveOn: '2027-02-25',
    };
    expect(estimateUnilateralChange({ ...args, uses: [], today: '2026-11-25' })).toBeNull();
  });
});
