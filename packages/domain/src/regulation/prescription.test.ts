import { describe, expect, it } from 'vitest';
import { billPrescription } from './prescription';

const bill = {
  commodity: 'electricity' as const,
  issueDate: '2026-03-10',
  dueDate: '2026-03-31',
  periodStart: '2024-03-01',
  periodEnd: '2024-03-20',
  amountCents: 2000,
};

describe('two-year prescription at the boundary', () => {
  it('flags the days more than two years before the issue date, prorated', () => {
    // 1-9 March 2024 are older than two years on 10 March 2026: 9 of 20 days.
    expect(billPrescription(bill)).toEqual({ before: '2024-03-09', days: 9, amountCents: 900 });
  });

  it('flags nothing when the period starts exactly two years before the issue', () => {
    expect(billPrescription({ ...bill, periodStart: '2024-03-10' })).toBeNull();
  });

  it('flags one day when the period starts the day before', () => {
    expect(billPrescription({ ...bill, periodStart: '2024-03-09' })?.days).toBe(1);
  });

  it('flags the whole amount when the period ended more than two years before', () => {
    expect(billPrescription({ ...bill, periodEnd: '2024-03-05' })?.amountCents).toBe(2000);
  });

  it('leaves district heating, credits and bills due before the law alone', () => {
    expect(billPrescription({ ...bill, commodity: 'heat' })).toBeNull();
    expect(billPrescription({ ...bill, amountCents: -500 })).toBeNull();
    expect(
      billPrescription({ ...bill, commodity: 'gas', issueDate: '2018-11-01', dueDate: '2018-12-15' }),
    ).toBeNull();
  });
});
