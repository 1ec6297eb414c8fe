import { describe, expect, it } from 'vitest';
import {
  COMPLAINT_CATEGORIES,
  complaintCompensationCents,
  complaintDueDate,
  complaintKeptUntil,
  daysToAnswer,
} from './tiqv';

// Noon in Rome (CET, UTC+1) on a day of November.
const at = (isoDate: string) => new Date(`${isoDate}T11:00:00Z`);

describe('complaint deadlines by category', () => {
  it.each([
    ['billing', '2026-12-10'],
    ['contract', '2026-12-10'],
    ['rectification', '2027-01-09'],
    ['double_billing', '2026-11-25'],
  ] as const)('%s filed on 10 November is due on %s', (category, due) => {
    expect(complaintDueDate(category, at('2026-11-10'))).toBe(due);
  });

  it('reads the filing day in Rome: 23:30 UTC on 9 November is already the 10th', () => {
    expect(complaintDueDate('billing', new Date('2026-11-09T23:30:00Z'))).toBe('2026-12-10');
  });

  it('counts the days left, 0 on the due day and negative after', () => {
    expect(daysToAnswer('2026-12-10', at('2026-11-10'))).toBe(30);
    expect(daysToAnswer('2026-12-10', at('2026-12-10'))).toBe(0);
    expect(daysToAnswer('2026-12-10', at('2026-12-13'))).toBe(-3);
  });

  it('gives every category a standard and says which suspend collection', () => {
    for (const category of Object.values(COMPLAINT_CATEGORIES)) expect(category.days).toBeGreaterThan(0);
    expect(COMPLAINT_CATEGORIES.billing.suspendsCollection).toBe(true);
    expect(COMPLAINT_CATEGORIES.contract.suspendsCollection).toBe(false);
  });
});

describe('automatic compensation at each lateness step (30-day standard)', () => {
  const filed = at('2026-01-01');
  it.each([
    ['2026-01-31', 0], // day 30: on time
    ['2026-02-01', 3000], // day 31: late, within twice the standard
    ['2026-03-02', 3000], // day 60
    ['2026-03-03', 6000], // day 61: beyond twice
    ['2026-04-01', 6000], // day 90
    ['2026-04-02', 9000], // day 91: beyond three times
  ])('answered on %s → %i cents', (answered, cents) => {
    expect(complaintCompensationCents('billing', filed, at(answered), at('2026-06-01'))).toBe(cents);
  });

  it('is owed while still unanswered past the deadline, counted to today', () => {
    expect(complaintCompensationCents('billing', filed, null, at('2026-01-20'))).toBe(0);
    expect(complaintCompensationCents('billing', filed, null, at('2026-02-10'))).toBe(3000);
  });

  it('follows the category standard: double billing is late after 15 days', () => {
    expect(complaintCompensationCents('double_billing', filed, at('2026-01-17'), at('2026-06-01'))).toBe(
      3000,
    );
    expect(complaintCompensationCents('double_billing', filed, at('2026-01-16'), at('2026-06-01'))).toBe(0);
  });
});

describe('retention', () => {
  it('keeps a complaint three years from its filing day', () => {
    expect(complaintKeptUntil(at('2026-11-10'))).toBe('2029-11-10');
  });
});
