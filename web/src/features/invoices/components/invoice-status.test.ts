import type { BillToPay } from '@sportello/domain';
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
  cancellation: null,
};

describe('statuses shown in the lists', () => {
  const toPay = (fields: Partial<BillToPay>): BillToPay => ({
    way: 'pay',
    yoursCents: 6_000,
    byDate: '2026-02-01',
    overdue: false,
    debitCents: 0,
    suspendedCents: 0,
    prescribedCents: 0,
    installmentNumber: null,
    ...fields,
  });
  const of = (fields: Partial<BillToPay>) => ({
    ...invoice,
    paymentLevel: 'Unpaid',
    overdue: fields.overdue ?? false,
    toPay: toPay(fields),
  });

  it('flags a bill in instalments by its next installment: overdue only when that one is', () => {
    expect(statusOf(of({ way: 'installments', overdue: true }))).toBe('overdue');
    expect(statusOf(of({ way: 'installments', overdue: false }))).toBe('installments');
  });

  it('says a payment waiting for confirmation, a debit or a suspension, never "to pay"', () => {
    expect(statusOf(of({ way: 'pending', yoursCents: 0 }))).toBe('pending');
    expect(statusOf(of({ way: 'direct_debit', yoursCents: 0, debitCents: 6_000 }))).toBe('direct_debit');
    expect(statusOf(of({ way: 'suspended', yoursCents: 0, suspendedCents: 6_000 }))).toBe('suspended');
  });

  it('reads the SPEC §4 installment status: 0 overdue, 1 to pay, 2 due today or paid', () => {
    expect(installmentStateOf({ ...installment, toBePaid: true, status: 0 })).toBe('overdue');
    expect(installmentStateOf({ ...installment, toBePaid: true, status: 1 })).toBe('to_pay');
    expect(installmentStateOf({ ...installment, toBePaid: true, status: 2 })).toBe('due_today');
    expect(installmentStateOf({ ...installment, toBePaid: false, status: 2 })).toBe('paid');
  });
});
