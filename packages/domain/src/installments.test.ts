import { describe, it, expect } from 'vitest';
import type { InstallmentStatus } from './installments';
import {
  installmentPlan,
  installmentRequestLastDay,
  installmentStatus,
  isInstallmentRequestAllowed,
  skippedInstallment,
} from './installments';

describe('installmentStatus', () => {
  it.each<[string, boolean, string, InstallmentStatus]>([
    ['2026-11-20', true, '2026-11-21', 0], // overdue, still to pay
    ['2025-01-31', true, '2026-11-21', 0],
    ['2026-11-22', true, '2026-11-21', 1], // due tomorrow
    ['2026-11-22', false, '2026-11-21', 1], // future even if already settled
    ['2026-11-21', true, '2026-11-21', 2], // due today: not yet overdue
    ['2026-11-20', false, '2026-11-21', 2], // past and paid
  ])('due %s toBePaid=%s on %s → %i', (dueDate, toBePaid, today, expected) => {
    expect(installmentStatus({ dueDate, toBePaid }, today)).toBe(expected);
  });
});

describe('isInstallmentRequestAllowed', () => {
  // Due 15 days after issue: window ends at due + 10 = issue + 25.
  const shortTerm = { issueDate: '2026-11-01', dueDate: '2026-11-16' };
  // Due 25 days after issue: issue + 30 (1 Dec) comes before due + 10 (6 Dec).
  const longTerm = { issueDate: '2026-11-01', dueDate: '2026-11-26' };

  it.each([
    [shortTerm, '2026-10-31', false], // before issue
    [shortTerm, '2026-11-01', true], // issue day
    [shortTerm, '2026-11-16', true], // due day
    [shortTerm, '2026-11-26', true], // due + 10, last day
    [shortTerm, '2026-11-27', false],
    [longTerm, '2026-12-01', true], // issue + 30, last day
    [longTerm, '2026-12-02', false], // still within due + 10, but past 30 days
    [{ issueDate: '2026-12-20', dueDate: '2027-01-05' }, '2027-01-15', true], // across year end
    [{ issueDate: '2026-12-20', dueDate: '2027-01-05' }, '2027-01-16', false],
  ])('%o on %s → %s', (invoice, today, expected) => {
    expect(isInstallmentRequestAllowed(invoice, today)).toBe(expected);
  });
});

describe('installmentRequestLastDay', () => {
  it.each([
    [{ issueDate: '2026-11-01', dueDate: '2026-11-16' }, '2026-11-26'],
    [{ issueDate: '2026-11-01', dueDate: '2026-11-26' }, '2026-12-01'],
    [{ issueDate: '2026-11-01', dueDate: '2026-11-21' }, '2026-12-01'],
  ])('%o → %s', (invoice, expected) => {
    expect(installmentRequestLastDay(invoice)).toBe(expected);
  });
});

describe('skippedInstallment', () => {
  const plan = [
    { id: '1', invoiceId: 'A', number: 1, toBePaid: false },
    { id: '2', invoiceId: 'A', number: 2, toBePaid: true },
    { id: '3', invoiceId: 'A', number: 3, toBePaid: true },
    { id: '9', invoiceId: 'B', number: 1, toBePaid: true },
  ];
  it.each<[string[], string | null]>([
    [['2'], null], // the oldest unpaid
    [['2', '3'], null],
    [['3'], '2'], // skips the overdue installment 2
    [['9', '3'], '2'], // another bill's installment does not excuse it
    [['9'], null],
  ])('choosing %j skips %s', (chosen, skipped) => {
    expect(skippedInstallment(plan, new Set(chosen))?.id ?? null).toBe(skipped);
  });
});

describe('installmentPlan', () => {
  it('splits the amount in whole cents, remainder first, every 30 days', () => {
    expect(installmentPlan(10_000, 3, '2026-11-25')).toEqual([
      { number: 1, amountCents: 3334, dueDate: '2026-12-25' },
      { number: 2, amountCents: 3333, dueDate: '2027-01-24' },
      { number: 3, amountCents: 3333, dueDate: '2027-02-23' },
    ]);
  });
  it('always adds up to what is owed', () => {
    for (const count of [2, 5, 7, 12]) {
      const sum = installmentPlan(70_865, count, '2026-11-25').reduce((s, i) => s + i.amountCents, 0);
      expect(sum).toBe(70_865);
    }
  });
});
