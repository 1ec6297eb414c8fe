import { describe, expect, it } from 'vitest';
import { billAmountCents, billDocument, paymentLevelOf } from './bill-figures';

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
