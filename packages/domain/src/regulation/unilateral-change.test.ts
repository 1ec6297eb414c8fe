import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../iso-date';
import {
  changeDirection,
  earliestChangeDate,
  energyVatPercent,
  estimateMonths,
  estimateUnilateralChange,
  formatPrice,
  formatYearlyEffect,
  isNoticeInTime,
  lateNoticeCompensationCents,
  LETTER_PRESUMED_RECEIPT_DAYS,
  noticeReceivedOn,
  penaltyFreeUntil,
  priceComponentChanges,
  UNILATERAL_CHANGE_CUT_NOTICE_MONTHS,
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

/** A household's electricity (10 % VAT) and a business's (22 %). */
const household = { customerType: 'private', commodity: 'electricity' };
const business = { customerType: 'company', commodity: 'electricity' };

const energy = (oldMilliEuro: number | null, newMilliEuro: number | null): PriceComponentChange => ({
  label: 'Energia',
  unit: 'kWh',
  hourly: false,
  oldMilliEuro,
  newMilliEuro,
});

describe('unilateral change (Codice di condotta commerciale art. 13-14)', () => {
  it('holds the rule’s figures: three months’ notice, one for a cut, €30 when late; ours: 12 months of use', () => {
    expect(UNILATERAL_CHANGE_NOTICE_MONTHS).toBe(3);
    expect(UNILATERAL_CHANGE_CUT_NOTICE_MONTHS).toBe(1);
    expect(UNILATERAL_CHANGE_LATE_NOTICE_COMPENSATION_CENTS).toBe(3000);
    expect(LETTER_PRESUMED_RECEIPT_DAYS).toBe(10);
    expect(UNILATERAL_CHANGE_ESTIMATE_MONTHS).toBe(12);
  });

  it.each([
    // The rule's own example: received 17 November, a rise applies from 1 March, not 17 February.
    ['2026-11-17', 'rise', '2027-03-01'],
    ['2026-11-01', 'rise', '2027-03-01'],
    ['2026-11-30', 'rise', '2027-03-01'],
    ['2026-12-31', 'rise', '2027-04-01'],
    ['2027-10-05', 'rise', '2028-02-01'],
    ['2026-11-17', 'cut', '2027-01-01'],
    ['2026-12-31', 'cut', '2027-02-01'],
  ] as const)('a notice received on %s lets a %s apply from %s', (receivedOn, direction, first) => {
    expect(earliestChangeDate(receivedOn, direction)).toBe(first);
    expect(isNoticeInTime(receivedOn, first, direction)).toBe(true);
    expect(isNoticeInTime(receivedOn, addDays(first, -1), direction)).toBe(false);
    expect(lateNoticeCompensationCents(receivedOn, first, direction)).toBe(0);
    expect(lateNoticeCompensationCents(receivedOn, addDays(first, -1), direction)).toBe(3000);
  });

  it('counts every day of a year as the rule does: the first of the month after receipt, plus the months', () => {
    // Every day of 2027 and of a leap year, both directions.
    for (const start of ['2027-01-01', '2028-01-01'])
      for (let i = 0; i < 366; i++) {
        const receivedOn = addDays(start, i);
        for (const [direction, months] of [
          ['rise', 3],
          ['cut', 1],
        ] as const) {
          const first = earliestChangeDate(receivedOn, direction);
          const [year, month] = receivedOn.split('-').map(Number) as [number, number];
          const index = year * 12 + month - 1 + 1 + months;
          const expected = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
          expect(first, `${receivedOn} ${direction}`).toBe(expected);
        }
      }
  });

  it('never allows a change sooner than the months after the notice, nor asks more than one month more', () => {
    const day = fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(day, fc.constantFrom('rise' as const, 'cut' as const), (receivedOn, direction) => {
        const first = earliestChangeDate(receivedOn, direction);
        const months = direction === 'rise' ? 3 : 1;
        // Always the first of a month, strictly after the receipt's month plus the months…
        expect(first.endsWith('-01')).toBe(true);
        expect(daysBetween(receivedOn, first)).toBeGreaterThan(months * 28);
        // …and never more than one month past the same day `months` later.
        expect(daysBetween(receivedOn, first)).toBeLessThanOrEqual((months + 1) * 31);
        // Monotonic: a later receipt never allows an earlier change.
        expect(earliestChangeDate(addDays(receivedOn, 1), direction) >= first).toBe(true);
      }),
    );
  });

  it('takes an e-mail as received the day it is sent, a letter ten days after it is posted', () => {
    expect(noticeReceivedOn('2026-11-17', 'email')).toBe('2026-11-17');
    expect(noticeReceivedOn('2026-11-17', 'letter')).toBe('2026-11-27');
    // Posted on 25 November, a letter is received in December: a rise waits for April.
    expect(earliestChangeDate(noticeReceivedOn('2026-11-25', 'letter'))).toBe('2027-04-01');
  });

  it('calls a change a cut only when every price it touches goes down', () => {
    expect(changeDirection([energy(150, 140)])).toBe('cut');
    expect(changeDirection([energy(150, null)])).toBe('cut');
    expect(changeDirection([energy(150, 140), energy(10, 11)])).toBe('rise');
    expect(changeDirection([energy(null, 1)])).toBe('rise');
    expect(changeDirection([energy(150, 150)])).toBe('rise');
  });

  it('takes the VAT rate of a household, of a business, and of a household’s gas past 480 Smc', () => {
    expect(
      energyVatPercent({ customerType: 'private', commodity: 'electricity', yearlyQuantity: 9_000 }),
    ).toBe(10);
    expect(energyVatPercent({ customerType: 'company', commodity: 'electricity', yearlyQuantity: 1 })).toBe(
      22,
    );
    expect(energyVatPercent({ customerType: 'condominium', commodity: 'gas', yearlyQuantity: 1 })).toBe(22);
    expect(energyVatPercent({ customerType: 'private', commodity: 'gas', yearlyQuantity: 480 })).toBe(10);
    // 480 Smc at 10 %, 480 at 22 %.
    expect(energyVatPercent({ customerType: 'private', commodity: 'gas', yearlyQuantity: 960 })).toBe(16);
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
      ...household,
      today,
    });
    expect(estimate).toEqual({
      from: '2025-11-01',
      to: '2026-11-01',
      quantity: 2160,
      monthsCounted: 12,
      yearlyEffectCents: 3564, // 2160 kWh × 15 thousandths of a euro, + 10 % VAT
      vatPercent: 10,
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
      ...household,
      today: '2026-11-25',
    });
    // VAT at 10 % on it.
    expect(estimate).toMatchObject({ monthsCounted: 0, yearlyEffectCents: (1200 + 1000 + 18_000) * 1.1 });
  });

  it('scales a younger supply’s use up to a year, and a price cut gives a negative effect', () => {
    const today = '2026-11-25';
    const estimate = estimateUnilateralChange({
      uses: monthly(today, 3, 250), // 750 kWh in a quarter
      changes: [energy(150, 140)],
      contractualPowerKw: 3,
      ...household,
      today,
    });
    expect(estimate).toMatchObject({ quantity: 750, monthsCounted: 3, yearlyEffectCents: -3300 });
  });

  it('rounds once, at the end, half away from zero on the cent', () => {
    const today = '2026-11-25';
    // 7 months of 1 kWh: 12/7 × 7 = 12 kWh a year, × 1 thousandth + 22 % VAT = 1.464 cents.
    const scaled = estimateUnilateralChange({
      uses: monthly(today, 7, 1),
      changes: [energy(1, 2)],
      contractualPowerKw: 0,
      ...business,
      today,
    });
    expect(scaled?.yearlyEffectCents).toBe(1);
    const yearly = (delta: number) =>
      estimateUnilateralChange({
        uses: [],
        changes: [{ label: 'Quota', unit: 'year', hourly: false, oldMilliEuro: 0, newMilliEuro: delta }],
        contractualPowerKw: 0,
        ...business,
        today,
      })?.yearlyEffectCents;
    // 5 thousandths + 22 % = 0.61 cents; 4 thousandths + 22 % = 0.488 cents.
    expect(yearly(5)).toBe(1);
    expect(yearly(-5)).toBe(-1);
    expect(yearly(-4)).toBe(0);
  });

  it('gives no estimate when a price per unit of use changes and no month has a figure', () => {
    const args = { changes: [energy(1, 2)], contractualPowerKw: 3, ...household, today: '2026-11-25' };
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
