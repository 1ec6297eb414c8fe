import { describe, expect, it } from 'vitest';
import { hashLinkToken } from '@sportello/db/link-token';
import {
  billFigures,
  delegationRow,
  installmentPlan,
  linkRow,
  proposalRow,
  readingWindowRow,
  userRow,
} from './index.js';

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

  it('makes users and delegations active unless told', () => {
    const user = userRow({ key: 'USR-1', companyCode: 'sga', username: 'mario' });
    expect([user.status, user.type]).toEqual(['Active', 'Customer']);
    expect(userRow({ key: 'USR-2', companyCode: 'sga', username: 'x', status: 'Inactive' }).status).toBe(
      'Inactive',
    );
    expect(delegationRow({ userId: 1, customerId: 2 }).status).toBe('Active');
  });

  it('keeps a self-reading window open a week unless the world says when it closes', () => {
    expect(readingWindowRow({ supplyId: 1, opensOn: '2026-03-14' }).closesOn).toBe('2026-03-20');
    expect(readingWindowRow({ supplyId: 1, opensOn: '2026-03-14', closesOn: '2026-03-22' }).closesOn).toBe(
      '2026-03-22',
    );
  });
});
