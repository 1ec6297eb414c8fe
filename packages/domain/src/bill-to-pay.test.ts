import { describe, expect, it } from 'vitest';
import { amountsToPay, billToPay, byDateToPay, type BillPayFacts } from './bill-to-pay';

const today = '2026-11-20';
const bill: BillPayFacts = {
  amountCents: 43_223,
  outstandingCents: 43_223,
  dueDate: '2026-12-07',
  paymentLevel: 'Unpaid',
  paymentPending: false,
  directDebit: false,
  collectionSuspended: false,
  prescribedCents: 0,
  unpaidInstallments: [],
};

describe('billToPay', () => {
  it('asks nothing of a cancelled bill, even one still owed or overdue, and counts it in no total', () => {
    const cancelled = { ...bill, dueDate: '2026-11-01', cancelled: true };
    expect(billToPay(cancelled, today)).toEqual({
      way: 'cancelled',
      yoursCents: 0,
      byDate: null,
      overdue: false,
      debitCents: 0,
      suspendedCents: 0,
      prescribedCents: 0,
      installmentNumber: null,
    });
    expect(amountsToPay([billToPay(cancelled, today), billToPay(bill, today)])).toMatchObject({
      count: 1,
      yoursCents: 43_223,
      overdueCount: 0,
    });
  });

  it('asks the customer for a bill paid by notice, by its due date', () => {
    expect(billToPay(bill, today)).toMatchObject({
      way: 'pay',
      yoursCents: 43_223,
      byDate: '2026-12-07',
      overdue: false,
      debitCents: 0,
    });
  });

  it('asks nothing of a bill on direct debit: the bank takes it on the due date', () => {
    expect(billToPay({ ...bill, directDebit: true }, today)).toMatchObject({
      way: 'direct_debit',
      yoursCents: 0,
      debitCents: 43_223,
      byDate: '2026-12-07',
    });
  });

  it('leaves a debit to the bank while it may still come back, then asks the customer', () => {
    expect(billToPay({ ...bill, directDebit: true, dueDate: '2026-11-12' }, today)).toMatchObject({
      way: 'direct_debit',
      yoursCents: 0,
      overdue: false,
    });
    expect(billToPay({ ...bill, directDebit: true, dueDate: '2026-11-11' }, today)).toMatchObject({
      way: 'pay',
      yoursCents: 43_223,
      overdue: true,
      debitCents: 0,
    });
  });

  it('neither asks for nor debits a bill whose collection a complaint suspends', () => {
    expect(billToPay({ ...bill, directDebit: true, collectionSuspended: true }, today)).toEqual({
      way: 'suspended',
      yoursCents: 0,
      byDate: null,
      overdue: false,
      debitCents: 0,
      suspendedCents: 43_223,
      prescribedCents: 0,
      installmentNumber: null,
    });
  });

  it('leaves the prescribed part out of what is asked and of what is debited', () => {
    expect(billToPay({ ...bill, prescribedCents: 10_000 }, today)).toMatchObject({
      way: 'pay',
      yoursCents: 33_223,
      prescribedCents: 10_000,
    });
    expect(billToPay({ ...bill, directDebit: true, prescribedCents: 10_000 }, today)).toMatchObject({
      way: 'direct_debit',
      debitCents: 33_223,
    });
    expect(billToPay({ ...bill, prescribedCents: 90_000 }, today)).toMatchObject({
      way: 'prescribed',
      yoursCents: 0,
      prescribedCents: 43_223,
    });
  });

  it('follows the next unpaid installment of a bill in installments, with the overdue ones', () => {
    const installments = { ...bill, paymentLevel: 'Installments', dueDate: '2026-10-13' };
    const plan = [
      { number: 2, amountCents: 100, dueDate: '2026-11-19' },
      { number: 3, amountCents: 100, dueDate: '2026-12-19' },
    ];
    expect(billToPay({ ...installments, unpaidInstallments: plan }, today)).toMatchObject({
      way: 'installments',
      yoursCents: 100,
      byDate: '2026-11-19',
      overdue: true,
      installmentNumber: 2,
    });
    // Installment 2 paid: the bill's own date (13 October) does not make it overdue.
    expect(billToPay({ ...installments, unpaidInstallments: plan.slice(1) }, today)).toMatchObject({
      way: 'installments',
      yoursCents: 100,
      byDate: '2026-12-19',
      overdue: false,
      installmentNumber: 3,
    });
  });

  it('asks nothing while a payment is being confirmed, of a paid bill, of a credit', () => {
    expect(billToPay({ ...bill, paymentPending: true }, today).way).toBe('pending');
    expect(billToPay({ ...bill, outstandingCents: 0 }, today).way).toBe('paid');
    expect(billToPay({ ...bill, amountCents: -500, outstandingCents: 0 }, today).way).toBe('credit');
  });
});

describe('amountsToPay', () => {
  it('sums what the customer pays apart from what the bank debits and what is suspended', () => {
    const bills = [
      billToPay(bill, today),
      billToPay({ ...bill, dueDate: '2026-11-01', amountCents: 1_000, outstandingCents: 1_000 }, today),
      billToPay({ ...bill, directDebit: true }, today),
      billToPay({ ...bill, collectionSuspended: true }, today),
    ];
    expect(amountsToPay(bills)).toEqual({
      count: 2,
      yoursCents: 44_223,
      byDate: '2026-11-01',
      overdueCount: 1,
      debitCount: 1,
      debitCents: 43_223,
      suspendedCount: 1,
      suspendedCents: 43_223,
    });
  });

  it('orders bills by the date they are due, soonest first', () => {
    const late = { id: 'a', toPay: billToPay(bill, today) };
    const soon = { id: 'b', toPay: billToPay({ ...bill, dueDate: '2026-11-25' }, today) };
    const none = { id: 'c', toPay: billToPay({ ...bill, outstandingCents: 0 }, today) };
    expect(byDateToPay([late, none, soon]).map((b) => b.id)).toEqual(['b', 'a', 'c']);
  });
});
