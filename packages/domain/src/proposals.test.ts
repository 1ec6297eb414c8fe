import { describe, it, expect } from 'vitest';
import { PROPOSAL_WHOLE_DAY_FROM } from './constants';
import { estimateProposalCost, isProposalVisible, proposalEstimateSentence } from './proposals';

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

describe('estimateProposalCost', () => {
  const today = '2026-11-29';
  // December 2025 to November 2026 are outside; November 2025 to October 2026 are the twelve months.
  const year = Array.from({ length: 12 }, (_, i) => ({
    month: `${i < 2 ? 2025 : 2026}-${String(((i + 10) % 12) + 1).padStart(2, '0')}`,
    quantity: 225,
  }));

  it('prices the last twelve months of use with the monthly fee, then VAT, rounded once', () => {
    const estimate = estimateProposalCost({
      uses: [...year, { month: '2026-11', quantity: 9_999 }, { month: '2025-10', quantity: 9_999 }],
      energyMicroEuro: 128_500,
      fixedFeeCentsPerMonth: 990,
      customerType: 'private',
      commodity: 'electricity',
      today,
    });
    // 2,700 kWh × 0.1285 € = 346.95 €, + 12 × 9.90 € = 465.75 €, + 10 % = 512.325 € → 512.33 €.
    expect(estimate).toEqual({
      from: '2025-11-01',
      to: '2026-11-01',
      quantity: 2_700,
      monthsCounted: 12,
      vatPercent: 10,
      yearlyCents: 51_233,
    });
    expect(proposalEstimateSentence(estimate!, 'kWh')).toBe(
      'Con questa offerta spenderesti circa 512\u00a0€ all’anno, IVA 10% inclusa, sui tuoi consumi degli ' +
        'ultimi 12 mesi (2.700 kWh da novembre 2025 a ottobre 2026): prezzo dell’energia e quota fissa; ' +
        'oneri di rete, oneri di sistema e accise sono a parte.',
    );
  });

  it('scales a younger supply up to a year, and gives nothing without any month of use', () => {
    const six = estimateProposalCost({
      uses: year.slice(6),
      energyMicroEuro: 1_000_000,
      fixedFeeCentsPerMonth: 0,
      customerType: 'company',
      commodity: 'gas',
      today,
    });
    // 1,350 Smc in 6 months → 2,700 a year at 1 € → 2,700 € + 22 %.
    expect(six).toMatchObject({ quantity: 1_350, monthsCounted: 6, yearlyCents: 329_400 });
    expect(proposalEstimateSentence(six!, 'Smc')).toContain(
      '(1.350 Smc da novembre 2025 a ottobre 2026: 6 mesi, riportati a un anno)',
    );
    expect(
      estimateProposalCost({
        uses: [],
        energyMicroEuro: 1,
        fixedFeeCentsPerMonth: 1,
        customerType: 'private',
        commodity: 'electricity',
        today,
      }),
    ).toBeNull();
  });

  it('takes VAT as a price-change notice does: the household rate, the standard one, gas past 480 Smc weighted', () => {
    const cost = (customerType: string, commodity: string) =>
      estimateProposalCost({
        uses: year,
        energyMicroEuro: 1_000,
        fixedFeeCentsPerMonth: 0,
        customerType,
        commodity,
        today,
      });
    expect(cost('private', 'electricity')!.vatPercent).toBe(10);
    expect(cost('company', 'electricity')!.vatPercent).toBe(22);
    // 2,700 Smc a year: 480 at 10 %, the rest at 22 %.
    expect(cost('private', 'gas')!.vatPercent).toBeCloseTo(10 * (480 / 2_700) + 22 * (2_220 / 2_700), 10);
  });
});
