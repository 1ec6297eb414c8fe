import { describe, expect, it } from 'vitest';
import { hashLinkToken } from '@sportello/db/link-token';
import { billFigures, installmentPlan, invoiceRow, linkRow, proposalRow } from './index.js';

const sections = [
  {
    title: 'Materia energia',
    lines: [{ label: 'Quota energia', quantity: '400 kWh', amountCents: 6_780 }],
    totalCents: 6_780,
  },
  { title: 'IVA', lines: [{ label: 'IVA 10%', quantity: null, amountCents: 1_022 }], totalCents: 1_022 },
];

describe('world builders', () => {
  it("takes a bill's amount from its sections and what is owed from its payment level", () => {
    expect(billFigures(sections, 'Unpaid')).toEqual({ amountCents: 7_802, outstandingCents: 7_802 });
    expect(billFigures(sections, 'Paid')).toEqual({ amountCents: 7_802, outstandingCents: 0 });
    expect(billFigures(sections, 'PartiallyPaid').outstandingCents).toBe(3_511);
    expect(billFigures(sections, 'Installments').outstandingCents).toBe(7_802 - 2_600);
  });

  it('splits a plan in three installments that add up to the bill, the first one paid', () => {
    const plan = installmentPlan({ invoiceId: 1, contractId: 2, amountCents: 7_802, today: '2026-03-16' });
    expect(plan.map((i) => [i.dueDate, i.amountCents, i.toBePaid])).toEqual([
      ['2026-02-04', 2_600, false],
      ['2026-03-06', 2_600, true],
      ['2026-04-05', 2_602, true],
    ]);
    expect(plan[0]!.paidAt).toEqual(new Date('2026-02-03T09:15:00Z'));
    expect(billFigures(sections, 'Installments').outstandingCents).toBe(
      plan[1]!.amountCents + plan[2]!.amountCents,
    );
  });

  it('gives a bill the payment level its figures say, unless it is in installments', () => {
    const bill = { key: 'INV-1', companyCode: 'sga', customerId: 1, contractId: 1, number: 'n' };
    const dates = { issueDate: '2026-01-10', dueDate: '2026-01-30' };
    const level = (amountCents: number, outstandingCents: number, paymentLevel?: 'Installments') =>
      invoiceRow({ ...bill, ...dates, amountCents, outstandingCents, paymentLevel }).paymentLevel;
    expect([level(100, 100), level(100, 40), level(100, 0), level(100, 67, 'Installments')]).toEqual([
      'Unpaid',
      'PartiallyPaid',
      'Paid',
      'Installments',
    ]);
    expect(invoiceRow({ ...bill, ...dates, amountCents: 1, outstandingCents: 1 }).extKey).toBe('ERP-INV-1');
  });

  it("stores a link's token hashed, with the item its module opens", () => {
    const row = linkRow({
      token: 'secret',
      companyCode: 'sga',
      moduleId: 8,
      entityKey: 'PRP-1',
      params: { a: 1 },
    });
    expect(row).toMatchObject({
      tokenHash: hashLinkToken('secret'),
      item: 'proposal',
      additionalParams: '{"a":1}',
    });
    expect(JSON.stringify(row)).not.toContain('"secret"');
    expect(linkRow({ token: 'x', companyCode: 'sga', moduleId: 3, entityKey: null }).item).toBeNull();
  });

  it('prices a proposal at its offer: the Smc for gas, the kWh otherwise', () => {
    const spec = {
      key: 'P',
      customerId: 1,
      contractId: 1,
      title: 't',
      description: 'd',
      startDate: null,
      endDate: null,
      effectiveDate: '2026-05-01',
    };
    expect(proposalRow(spec)).toMatchObject({ priceUnit: 'kWh', energyPriceMicro: 128_500 });
    expect(proposalRow({ ...spec, gas: true })).toMatchObject({
      priceUnit: 'Smc',
      energyPriceMicro: 1_180_000,
    });
  });
});
