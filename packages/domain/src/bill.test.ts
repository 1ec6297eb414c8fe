import { describe, expect, it } from 'vitest';
import {
  isPayableAsBill,
  averageCentsPerUnit,
  billReceipt,
  billStatus,
  billsToCompare,
  billedQuantity,
  type ReceiptLine,
  tvLicenceMonths,
  vatCents,
  consumptionBetween,
  isBillOverdue,
  receiptKindOf,
} from './bill';
import { billToPay, type BillPayFacts } from './bill-to-pay';

describe('receiptKindOf', () => {
  it.each([
    ['Spesa per la materia energia', 'energy'],
    ['Spesa per la materia gas naturale', 'energy'],
    ["Spesa per l'energia termica", 'energy'],
    ['Spesa per il trasporto e la gestione del contatore', 'transport'],
    ['Spesa per la gestione del contatore', 'transport'],
    ['Spesa per oneri di sistema', 'system'],
    ['Imposte', 'taxes'],
    ['IVA', 'vat'],
    ['Storno', 'other'],
    ['Canone di abbonamento alla televisione', 'other'],
  ])('%s → %s', (title, kind) => {
    expect(receiptKindOf(title)).toBe(kind);
  });
});

describe('billReceipt', () => {
  it('sums sections under the six headings, in order, and adds up to the bill', () => {
    const sections = [
      { title: 'Spesa per la materia energia', totalCents: 10_001 },
      { title: 'Spesa per il trasporto e la gestione del contatore', totalCents: 2_503 },
      { title: 'Spesa per oneri di sistema', totalCents: 707 },
      { title: 'Imposte', totalCents: 1_234 },
      { title: 'Storno', totalCents: -500 },
      { title: 'IVA', totalCents: 1_394 },
    ];
    const receipt = billReceipt(sections);
    expect(receipt.map((r) => [r.kind, r.amountCents])).toEqual([
      ['energy', 10_001],
      ['transport', 2_503],
      ['system', 707],
      ['taxes', 1_234],
      ['vat', 1_394],
      ['other', -500],
    ]);
    expect(receipt.reduce((s, r) => s + r.amountCents, 0)).toBe(
      sections.reduce((s, x) => s + x.totalCents, 0),
    );
    expect(receipt[5]!.label).toBe('Altre partite');
  });

  it("names the energy heading in the commodity's words", () => {
    expect(billReceipt([], 'gas')[0]!.label).toBe('Spesa per la materia gas naturale');
    expect(billReceipt([], 'heat')[0]!.label).toBe("Spesa per l'energia termica");
    expect(billReceipt([])[0]!.label).toBe('Spesa per la materia energia');
  });
});

describe('averageCentsPerUnit and consumptionBetween', () => {
  const receiptOf = (energy: number, licence: number): ReceiptLine[] => [
    { kind: 'energy', label: '', amountCents: energy },
    { kind: 'other', label: '', amountCents: licence },
  ];
  it.each([
    [10_000, 0, 400, 25],
    [12_345, 0, 321, 38.46],
    [10_000, 1_800, 400, 25], // the TV licence is not a price of energy
    [500, 0, 0, null],
    [-2_381, 0, 0, null], // a credit note has no price per unit
    [-2_381, 0, 432, null],
  ])('%i cents (+ %i licence) over %i units → %s', (energy, licence, quantity, expected) => {
    expect(averageCentsPerUnit(receiptOf(energy, licence), quantity)).toBe(expected);
  });

  it('bills the units of the energy section', () => {
    const line = (units?: number) => (units === undefined ? {} : { units });
    expect(
      billedQuantity([
        { kind: 'energy', lines: [line(442), line()] },
        { kind: 'transport', lines: [line(442)] },
      ]),
    ).toBe(442);
    expect(billedQuantity([{ kind: 'other', lines: [line()] }])).toBeNull();
  });

  it('takes register differences by channel and nothing without both readings', () => {
    expect(consumptionBetween({ F1: 100, F2: 50, F3: 10 }, { F1: 180, F2: 90, F3: 40 })).toEqual({
      F1: 80,
      F2: 40,
      F3: 30,
    });
    expect(consumptionBetween(null, { F1: 1 })).toEqual({});
  });
});

describe('isBillOverdue and billStatus', () => {
  it('is overdue only while something is owed and the due date has passed', () => {
    expect(isBillOverdue({ outstandingCents: 1, dueDate: '2026-03-15' }, '2026-03-16')).toBe(true);
    expect(isBillOverdue({ outstandingCents: 1, dueDate: '2026-03-16' }, '2026-03-16')).toBe(false);
    expect(isBillOverdue({ outstandingCents: 0, dueDate: '2026-01-01' }, '2026-03-16')).toBe(false);
  });

  const facts: BillPayFacts = {
    amountCents: 100,
    outstandingCents: 100,
    dueDate: '2026-03-16',
    paymentLevel: 'Unpaid',
    paymentPending: false,
    directDebit: false,
    collectionSuspended: false,
    prescribedCents: 0,
    unpaidInstallments: [],
  };
  const statusOn = (fields: Partial<BillPayFacts>, today = '2026-03-10') => {
    const bill = { ...facts, ...fields };
    return billStatus({ ...bill, toPay: billToPay(bill, today) });
  };
  const plan = [
    { number: 2, amountCents: 30, dueDate: '2026-03-01' },
    { number: 3, amountCents: 30, dueDate: '2026-04-01' },
  ];
  it.each([
    [{}, 'to_pay'],
    [{ outstandingCents: 40 }, 'partial'],
    [{ outstandingCents: 0 }, 'paid'],
    [
      { paymentLevel: 'Installments', unpaidInstallments: plan.slice(1), outstandingCents: 30 },
      'installments',
    ],
    [{ dueDate: '2026-03-01' }, 'overdue'],
    // The bill's own date has passed, but its overdue installment was paid: the next one is not due yet.
    [
      { dueDate: '2026-03-01', paymentLevel: 'Installments', unpaidInstallments: plan.slice(1) },
      'installments',
    ],
    [{ paymentLevel: 'Installments', unpaidInstallments: plan, outstandingCents: 60 }, 'overdue'],
    [{ dueDate: '2026-03-01', outstandingCents: 40 }, 'overdue'],
    [{ amountCents: -2381, outstandingCents: 0 }, 'credit'],
    [{ directDebit: true }, 'direct_debit'],
    [{ collectionSuspended: true, directDebit: true }, 'suspended'],
    [{ paymentPending: true }, 'pending'],
  ] as const)('%o → %s', (fields, status) => {
    expect(statusOn(fields)).toBe(status);
  });
});

describe('isPayableAsBill', () => {
  const facts: BillPayFacts = {
    amountCents: 100,
    outstandingCents: 100,
    dueDate: '2026-03-16',
    paymentLevel: 'Unpaid',
    paymentPending: false,
    directDebit: false,
    collectionSuspended: false,
    prescribedCents: 0,
    unpaidInstallments: [],
  };
  const payable = (fields: Partial<BillPayFacts>) =>
    isPayableAsBill({ toPay: billToPay({ ...facts, ...fields }, '2026-03-10') });
  it('leaves out bills in installments, on direct debit, suspended, or whose payment waits for confirmation', () => {
    expect(payable({})).toBe(true);
    expect(
      payable({
        paymentLevel: 'Installments',
        unpaidInstallments: [{ number: 1, amountCents: 100, dueDate: '2026-03-16' }],
      }),
    ).toBe(false);
    expect(payable({ paymentPending: true })).toBe(false);
    expect(payable({ directDebit: true })).toBe(false);
    expect(payable({ collectionSuspended: true })).toBe(false);
  });
});

describe('vatCents', () => {
  it.each([
    [2165, 10, 217],
    [-2165, 10, -217], // a credit note mirrors its bill
    [1000, 22, 220],
    [-5, 10, -1],
    [0, 22, 0],
  ])('%i cents at %i %% = %i', (taxable, rate, vat) => {
    expect(vatCents(taxable, rate)).toBe(vat);
  });
});

describe('tvLicenceMonths', () => {
  it.each([
    ['2026-01-01', '2026-02-28', 2],
    ['2026-09-01', '2026-10-31', 2],
    ['2026-10-01', '2026-11-30', 1],
    ['2026-11-01', '2026-12-31', 0], // never billed in November and December
    ['2026-12-01', '2027-01-31', 1],
    ['2026-03-15', '2026-03-20', 1],
  ])('%s – %s: %i', (start, end, months) => {
    expect(tvLicenceMonths(start, end)).toBe(months);
  });
});

describe('billsToCompare', () => {
  const bill = (periodStart: string, periodEnd: string) => ({ periodStart, periodEnd });
  const current = bill('2026-09-01', '2026-10-31');
  const previous = bill('2026-07-01', '2026-08-31');
  const lastYear = bill('2025-09-01', '2025-10-31');
  const older = bill('2025-07-01', '2025-08-31');

  it('proposes the bill just before and the same period a year earlier', () => {
    expect(billsToCompare(current, [older, lastYear, previous])).toEqual({ previous, lastYear });
  });

  it('proposes nothing it does not have, and never a later bill', () => {
    expect(billsToCompare(previous, [current])).toEqual({ previous: null, lastYear: null });
    expect(billsToCompare(current, [previous])).toEqual({ previous, lastYear: null });
  });
});
