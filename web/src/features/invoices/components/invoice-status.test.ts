import { describe, expect, it } from 'vitest';
import { installmentStateOf, statusOf } from './invoice-status';

const installment = {
  id: '1',
  invoiceId: '9',
  contractId: '3',
  number: 1,
  dueDate: '2026-03-01',
  amountCents: 100,
  paidAt: null,
};
const invoice = {
  id: '9',
  key: 'INV-9',
  number: '2026/SGA/00000009',
  customerId: '1',
  contract: { id: '3', key: 'CTR-3', number: '1' },
  invoiceTypeCode: 1,
  issueDate: '2026-01-01',
  dueDate: '2026-02-01',
  periodStart: null,
  periodEnd: null,
  amountCents: 10_000,
  outstandingCents: 6_000,
  paymentPending: false,
  documentId: null,
};

describe('statuses shown in the lists', () => {
  it('flags an overdue bill in instalments as overdue, like any overdue bill', () => {
    expect(statusOf({ ...invoice, paymentLevel: 'Installments', overdue: true })).toBe('overdue');
    expect(statusOf({ ...invoice, paymentLevel: 'Installments', overdue: false })).toBe('installments');
  });

  it('says a payment waiting for confirmation, never overdue, for a bill paid but not yet confirmed', () => {
    expect(statusOf({ ...invoice, paymentLevel: 'Unpaid', overdue: true, paymentPending: true })).toBe(
      'pending',
    );
  });

  it('reads the SPEC §4 installment status: 0 overdue, 1 to pay, 2 due today or paid', () => {
    expect(installmentStateOf({ ...installment, toBePaid: true, status: 0 })).toBe('overdue');
    expect(installmentStateOf({ ...installment, toBePaid: true, status: 1 })).toBe('to_pay');
    expect(installmentStateOf({ ...installment, toBePaid: true, status: 2 })).toBe('due_today');
    expect(installmentStateOf({ ...installment, toBePaid: false, status: 2 })).toBe('paid');
  });
});
