import { describe, it, expect } from 'vitest';
import type { InstallmentStatus } from './installments';
import { installmentRequestLastDay, installmentStatus, isInstallmentRequestAllowed } from './installments';

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
