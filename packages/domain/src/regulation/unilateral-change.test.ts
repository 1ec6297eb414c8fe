import { describe, expect, it } from 'vitest';
import { addDays } from '../iso-date';
import {
  earliestChangeDate,
  estimateMonths,
  estimateUnilateralChange,
  formatPrice,
  formatYearlyEffect,
  isNoticeInTime,
  penaltyFreeUntil,
  priceComponentChanges,
  UNILATERAL_CHANGE_ESTIMATE_MONTHS,
  UNILATERAL_CHANGE_LATE_NOTICE_COMPENSATION_CENTS,
  UNILATERAL_CHANGE_NOTICE_MONTHS,
  type PriceComponent,
  type PriceComponentChange,
} from './unilateral-change';

/** `count` months of `perMonth` units each, ending with the month before `today`'s. */
const monthly = (today: string, count: number, perMonth: number) => {
  const { to } = estimateMonths(today);
  return Array.from({ length: count }, (_, i) => {
    const [year, month] = to.split('-').map(Number) as [number, number];
    const index = year * 12 + month - 2 - i;
    return {
      month: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`,
      quantity: perMonth,
    };
  });
};

const energy = (oldMilliEuro: number | null, newMilliEuro: number | null): PriceComponentChange => ({
  label: 'Energia',
  unit: 'kWh',
  hourly: false,
  oldMilliEuro,
  newMilliEuro,
});

describe('unilateral change (Codice di condotta commerciale art. 13-14)', () => {
  it('holds the rule’s figures: three months’ notice, €30 when late; ours: 12 months of use', () => {
    expect(UNILATERAL_CHANGE_NOTICE_MONTHS).toBe(3);
    expect(UNILATERAL_CHANGE_LATE_NOTICE_COMPENSATION_CENTS).toBe(3000);
    expect(UNILATERAL_CHANGE_ESTIMATE_MONTHS).toBe(12);
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

  it('lets the customer switch without charges until the day before the change applies', () => {
    expect(penaltyFreeUntil('2027-03-01')).toBe('2027-02-28');
    expect(penaltyFreeUntil('2028-03-01')).toBe('2028-02-29');
  });

  it.each([
    ['2026-05-20', '2025-05-01', '2026-05-01'],
    ['2026-01-01', '2025-01-01', '2026-01-01'],
    ['2026-12-31', '2025-12-01', '2026-12-01'],
  ])('an estimate on %s counts the whole months from %s to %s (excluded)', (today, from, to) => {
    expect(estimateMonths(today)).toEqual({ from, to });
  });

  it('lists what changes, what is new and what is dropped, matched by label and unit', () => {
    const before: PriceComponent[] = [
      { label: 'Energia', unit: 'kWh', milliEuro: 12, hourly: true },
      { label: 'Quota fissa', unit: 'month', milliEuro: 9_000, hourly: false },
      { label: 'Bonus fedeltà', unit: 'year', milliEuro: -10_000, hourly: false },
    ];
    const after: PriceComponent[] = [
      { label: 'Energia', unit: 'kWh', milliEuro: 22, hourly: true },
      { label: 'Quota fissa', unit: 'month', milliEuro: 9_000, hourly: false },
      { label: 'Quota verde', unit: 'month', milliEuro: 1_000, hourly: false },
    ];
    expect(priceComponentChanges(before, after)).toEqual([
      { label: 'Energia', unit: 'kWh', hourly: true, oldMilliEuro: 12, newMilliEuro: 22 },
      { label: 'Quota verde', unit: 'month', hourly: false, oldMilliEuro: null, newMilliEuro: 1_000 },
      { label: 'Bonus fedeltà', unit: 'year', hourly: false, oldMilliEuro: -10_000, newMilliEuro: null },
    ]);
    expect(priceComponentChanges(before, before)).toEqual([]);
  });

  it('estimates the yearly effect from the twelve whole months before the notice', () => {
    const today = '2026-11-25';
    const uses = [
      ...monthly(today, 12, 180), // 2160 kWh in the year
      { month: '2025-10', quantity: 1000 }, // older: not counted
      { month: '2026-11', quantity: 1000 }, // the notice's month is not over: not counted
    ];
    const estimate = estimateUnilateralChange({
      uses,
      changes: [energy(120, 135)],
      contractualPowerKw: 3,
      today,
    });
    expect(estimate).toEqual({
      from: '2025-11-01',
      to: '2026-11-01',
      quantity: 2160,
      monthsCounted: 12,
      yearlyEffectCents: 3240, // 2160 kWh × 15 thousandths of a euro
    });
  });

  it('counts a monthly price twelve times, a yearly one once, a price per kW on the contractual power', () => {
    const changes: PriceComponentChange[] = [
      { label: 'Quota fissa', unit: 'month', hourly: false, oldMilliEuro: 9_000, newMilliEuro: 10_000 },
      { label: 'Bonus', unit: 'year', hourly: false, oldMilliEuro: -10_000, newMilliEuro: null },
      { label: 'Quota potenza', unit: 'kW', hourly: false, oldMilliEuro: 30_000, newMilliEuro: 31_000 },
    ];
    // No use needed when no price per unit of use changes: 12 € + 10 € + 15 kW × 12 × 1 €.
    const estimate = estimateUnilateralChange({
      uses: [],
      changes,
      contractualPowerKw: 15,
      today: '2026-11-25',
    });
    expect(estimate).toMatchObject({ monthsCounted: 0, yearlyEffectCents: 1200 + 1000 + 18_000 });
  });

  it('scales a younger supply’s use up to a year, and a price cut gives a negative effect', () => {
    const today = '2026-11-25';
    const estimate = estimateUnilateralChange({
      uses: monthly(today, 3, 250), // 750 kWh in a quarter
      changes: [energy(150, 140)],
      contractualPowerKw: 3,
      today,
    });
    expect(estimate).toMatchObject({ quantity: 750, monthsCounted: 3, yearlyEffectCents: -3000 });
  });

  it('rounds once, at the end, half away from zero on the cent', () => {
    const today = '2026-11-25';
    // 7 months of 1 kWh: 12/7 × 7 = 12 kWh a year, × 1 thousandth = 1.2 cents.
    const scaled = estimateUnilateralChange({
      uses: monthly(today, 7, 1),
      changes: [energy(1, 2)],
      contractualPowerKw: 0,
      today,
    });
    expect(scaled?.yearlyEffectCents).toBe(1);
    const yearly = (delta: number) =>
      estimateUnilateralChange({
        uses: [],
        changes: [{ label: 'Quota', unit: 'year', hourly: false, oldMilliEuro: 0, newMilliEuro: delta }],
        contractualPowerKw: 0,
        today,
      })?.yearlyEffectCents;
    expect(yearly(5)).toBe(1);
    expect(yearly(-5)).toBe(-1);
    expect(yearly(-4)).toBe(0);
  });

  it('gives no estimate when a price per unit of use changes and no month has a figure', () => {
    const args = { changes: [energy(1, 2)], contractualPowerKw: 3, today: '2026-11-25' };
    expect(estimateUnilateralChange({ ...args, uses: [] })).toBeNull();
    expect(estimateUnilateralChange({ ...args, uses: [{ month: '2024-01', quantity: 100 }] })).toBeNull();
  });

  it('words prices and the yearly effect as the notice shows them', () => {
    expect(formatPrice(12, 'kWh', true)).toBe('PUN + 0,012 €/kWh');
    expect(formatPrice(9_000, 'month')).toBe('9,00 €/mese');
    expect(formatPrice(540, 'Smc')).toBe('0,54 €/Smc');
    expect(formatPrice(95, 'Smc', true)).toBe('PSV + 0,095 €/Smc');
    expect(formatPrice(30_000, 'kW')).toBe('30,00 €/kW al mese');
    expect(formatYearlyEffect(3_890)).toBe('+39\u00a0€');
    expect(formatYearlyEffect(-1_240)).toBe('-12\u00a0€');
    expect(formatYearlyEffect(40)).toBe('0\u00a0€');
    expect(formatYearlyEffect(123_456)).toBe('+1.235\u00a0€');
  });
});
