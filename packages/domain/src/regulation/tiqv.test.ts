import { describe, expect, it } from 'vitest';
import {
  COMPLAINT_CATEGORIES,
  complaintCompensation,
  complaintDueDates,
  complaintKeptUntil,
  daysToAnswer,
  TIQV_REPLY_DAYS,
  type RectificationState,
} from './tiqv';

// Noon in Rome (CET, UTC+1) on a day of November.
const at = (isoDate: string) => new Date(`${isoDate}T11:00:00Z`);

describe('complaint deadlines: the reply clock and the rectification clock', () => {
  it.each([
    ['billing', '2026-12-10', '2027-01-09'],
    ['rectification', '2026-12-10', '2027-01-09'],
    ['metering', '2026-12-10', '2027-01-09'],
    ['double_billing', '2026-12-10', '2026-11-25'],
    ['contract', '2026-12-10', null],
  ] as const)(
    '%s filed on 10 November: reply by %s, rectification by %s',
    (category, reply, rectification) => {
      expect(complaintDueDates(category, at('2026-11-10'))).toEqual({ reply, rectification });
    },
  );

  it('replies to every category within 30 days', () => {
    for (const code of Object.keys(COMPLAINT_CATEGORIES) as (keyof typeof COMPLAINT_CATEGORIES)[])
      expect(complaintDueDates(code, at('2026-01-01')).reply).toBe('2026-01-31');
    expect(TIQV_REPLY_DAYS).toBe(30);
  });

  it('reads the filing day in Rome: 23:30 UTC on 9 November is already the 10th', () => {
    expect(complaintDueDates('billing', new Date('2026-11-09T23:30:00Z')).reply).toBe('2026-12-10');
  });

  it('counts the days left, 0 on the due day and negative after', () => {
    expect(daysToAnswer('2026-12-10', at('2026-11-10'))).toBe(30);
    expect(daysToAnswer('2026-12-10', at('2026-12-10'))).toBe(0);
    expect(daysToAnswer('2026-12-10', at('2026-12-13'))).toBe(-3);
  });

  it('says which categories suspend collection', () => {
    expect(COMPLAINT_CATEGORIES.billing.suspendsCollection).toBe(true);
    expect(COMPLAINT_CATEGORIES.metering.suspendsCollection).toBe(true);
    expect(COMPLAINT_CATEGORIES.contract.suspendsCollection).toBe(false);
  });
});

describe('automatic compensation, one per clock', () => {
  const filed = at('2026-01-01');
  const pending: RectificationState = { outcome: 'pending' };
  const later = at('2026-12-01');
  it.each([
    ['2026-01-31', 0], // day 30: on time
    ['2026-02-01', 3000], // day 31: late, within twice the standard
    ['2026-03-02', 3000], // day 60
    ['2026-03-03', 6000], // day 61: beyond twice
    ['2026-04-01', 6000], // day 90
    ['2026-04-02', 9000], // day 91: beyond three times
  ])('a contract complaint replied to on %s → %i cents', (answered, cents) => {
    expect(complaintCompensation('contract', filed, at(answered), pending, later)).toEqual({
      replyCents: cents,
      rectificationCents: null,
      totalCents: cents,
    });
  });

  it('a billing complaint replied to on day 59 pays the reply compensation, its rectification on time nothing', () => {
    const rectified: RectificationState = { outcome: 'rectified', at: at('2026-03-01') }; // day 59
    expect(complaintCompensation('billing', filed, at('2026-03-01'), rectified, later)).toEqual({
      replyCents: 3000,
      rectificationCents: 0,
      totalCents: 3000,
    });
  });

  it('a rectification late pays its own, by multiples of its 60 days', () => {
    const on = (day: string): RectificationState => ({ outcome: 'rectified', at: at(day) });
    const replied = at('2026-01-20');
    expect(complaintCompensation('billing', filed, replied, on('2026-03-02'), later).rectificationCents).toBe(
      0,
    ); // day 60
    expect(complaintCompensation('billing', filed, replied, on('2026-03-03'), later).rectificationCents).toBe(
      3000,
    ); // day 61
    expect(complaintCompensation('billing', filed, replied, on('2026-05-02'), later).rectificationCents).toBe(
      6000,
    ); // day 121
    expect(complaintCompensation('billing', filed, replied, on('2026-07-01'), later)).toEqual({
      replyCents: 0,
      rectificationCents: 9000, // day 181
      totalCents: 9000,
    });
  });

  it('a double billing is rectified within 15 days', () => {
    const on = (day: string): RectificationState => ({ outcome: 'rectified', at: at(day) });
    expect(
      complaintCompensation('double_billing', filed, at('2026-01-10'), on('2026-01-16'), later).totalCents,
    ).toBe(0);
    expect(
      complaintCompensation('double_billing', filed, at('2026-01-10'), on('2026-01-17'), later).totalCents,
    ).toBe(3000);
  });

  it('both clocks owe while still running past their standard, counted to today', () => {
    expect(complaintCompensation('billing', filed, null, pending, at('2026-01-20')).totalCents).toBe(0);
    expect(complaintCompensation('billing', filed, null, pending, at('2026-02-10'))).toEqual({
      replyCents: 3000,
      rectificationCents: 0,
      totalCents: 3000,
    });
    expect(complaintCompensation('billing', filed, at('2026-01-10'), pending, at('2026-03-10'))).toEqual({
      replyCents: 0,
      rectificationCents: 3000,
      totalCents: 3000,
    });
  });

  it('owes nothing for a rectification found not due', () => {
    const notDue: RectificationState = { outcome: 'not_due', at: at('2026-01-10') };
    expect(complaintCompensation('billing', filed, at('2026-01-10'), notDue, later).rectificationCents).toBe(
      0,
    );
  });
});

describe('retention', () => {
  it('keeps a complaint three years from its filing day', () => {
    expect(complaintKeptUntil(at('2026-11-10'))).toBe('2029-11-10');
  });
});
