import { describe, expect, it } from 'vitest';
import { billAmountCents, billDocument, offerBoxMismatches, paymentLevelOf } from './bill-figures';

const sections = [
  {
    title: 'Materia energia',
    lines: [{ label: 'Quota energia', quantity: '400 kWh', amountCents: 6_780 }],
    totalCents: 6_780,
  },
  { title: 'IVA', lines: [{ label: 'IVA 10%', quantity: null, amountCents: 1_022 }], totalCents: 1_022 },
];

describe('bill figures', () => {
  it("takes a bill's amount from its sections", () => {
    expect(billAmountCents(sections)).toBe(7_802);
    expect(billAmountCents([])).toBe(0);
  });

  it('says the payment level from what is still owed', () => {
    expect(paymentLevelOf(7_802, 0)).toBe('Paid');
    expect(paymentLevelOf(7_802, 3_511)).toBe('PartiallyPaid');
    expect(paymentLevelOf(7_802, 7_802)).toBe('Unpaid');
  });

  it("files a bill's PDF under its type, number and date; a credit note as a credit note", () => {
    expect(billDocument({ invoiceTypeCode: 31, number: '2026/7', issueDate: '2026-03-05' })).toEqual({
      documentType: 'invoice',
      contentType: 'application/pdf',
      title: 'Bolletta di conguaglio n. 2026/7 del 05/03/2026',
    });
    expect(billDocument({ invoiceTypeCode: 4, number: 'NC1', issueDate: '2026-03-05' }).documentType).toBe(
      'credit_note',
    );
  });
});

describe('the offer box against the energy lines', () => {
  const bill = (amountCents: number, units = 400) => [
    {
      title: 'Spesa per la materia energia',
      lines: [
        { label: 'Quota energia marzo 2026', units, amountCents },
        { label: 'Quota fissa', amountCents: 1_000 },
      ],
    },
    { title: 'IVA', lines: [{ label: 'IVA 10%', units: 400, amountCents: 999 }] },
  ];
  const fixed = { milliEuro: 118, hourly: false };

  it('finds an energy line that is not the box’s price × its quantity, give or take a cent', () => {
    // 400 kWh × 0,118 €/kWh = 47,20 €.
    expect(offerBoxMismatches(bill(4_720), fixed)).toEqual([]);
    expect(offerBoxMismatches(bill(4_721), fixed)).toEqual([]);
    expect(offerBoxMismatches(bill(5_280), fixed)).toEqual([
      {
        section: 0,
        line: 0,
        label: 'Quota energia marzo 2026',
        units: 400,
        amountCents: 5_280,
        expectedCents: 4_720,
      },
    ]);
    // 123,456 kWh × 0,118 = 14,568… → 14,57 €.
    expect(offerBoxMismatches(bill(1_457, 123.456), fixed)).toEqual([]);
  });

  it('checks nothing against a spread over an index, or without a box', () => {
    expect(offerBoxMismatches(bill(5_280), { milliEuro: 20, hourly: true })).toEqual([]);
    expect(offerBoxMismatches(bill(5_280), null)).toEqual([]);
  });
});
