import { describe, expect, it } from 'vitest';
import { addDays } from './iso-date';
import {
  PAYMENT_REMINDER_DAYS,
  paymentReminderDue,
  paymentReminderDueDates,
  type RemindableBill,
} from './payment-reminders';

const due = '2026-04-05';
const unpaid: RemindableBill = {
  dueDate: due,
  amountCents: 8_450,
  outstandingCents: 8_450,
  paymentLevel: 'Unpaid',
  directDebit: false,
  collectionSuspended: false,
  paymentPending: false,
  prescribedCents: 0,
  unpaidInstallments: [],
};

describe('payment reminders (ours, ADR 035)', () => {
  it('holds its figures: 5 days before, from 3 to 30 days after', () => {
    expect(PAYMENT_REMINDER_DAYS).toEqual({ beforeDue: 5, afterDue: 3, overdueUntil: 30 });
  });

  it.each([
    [-6, null],
    [-5, 'dueSoon'],
    [-1, 'dueSoon'],
    [0, 'dueSoon'], // due today: still "in scadenza"
    [1, null],
    [2, null],
    [3, 'overdue'],
    [30, 'overdue'],
    [31, null],
  ] as const)('%i days from the due date: %s', (offset, kind) => {
    expect(paymentReminderDue(unpaid, addDays(due, offset))).toBe(kind);
  });

  it.each([
    ['paid', { outstandingCents: 0, paymentLevel: 'Paid' }],
    ['a credit', { outstandingCents: -500 }],
    ['in installments', { paymentLevel: 'Installments' }],
    ['prescribed whole', { prescribedCents: 8_450 }],
    ['suspended by an open complaint', { collectionSuspended: true }],
    ['being confirmed by the gateway', { paymentPending: true }],
  ] as const)('never for a bill %s', (_what, fields) => {
    for (const offset of [-5, 0, 3, 30])
      expect(paymentReminderDue({ ...unpaid, ...fields }, addDays(due, offset))).toBeNull();
  });

  it('never for a bill on direct debit while the bank may still take it', () => {
    for (const offset of [-5, 0])
      expect(paymentReminderDue({ ...unpaid, directDebit: true }, addDays(due, offset))).toBeNull();
  });

  it('reminds a partly paid bill of what is left', () => {
    expect(paymentReminderDue({ ...unpaid, paymentLevel: 'PartiallyPaid' }, due)).toBe('dueSoon');
  });

  it('names the due dates a query must look at on a day', () => {
    expect(paymentReminderDueDates('2026-04-10')).toEqual({ from: '2026-03-11', to: '2026-04-15' });
  });
});
