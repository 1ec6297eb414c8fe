import { describe, expect, it } from 'vitest';
import { hashLinkToken } from '@sportello/db/link-token';
import {
  billFigures,
  contractRow,
  customerRow,
  delegationRow,
  installmentPlan,
  invoiceRow,
  linkRow,
  proposalRow,
  readingWindowRow,
  supplyRow,
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

  it('ends a contract and a supply with their end dates, unless the world states otherwise', () => {
    const contract = {
      key: 'CTR-1',
      companyCode: 'sga',
      customerId: 1,
      number: '1',
      name: 'Luce',
      startDate: '2024-01-01',
    };
    expect(contractRow(contract).status).toBe('Attivo');
    expect(contractRow({ ...contract, endDate: '2025-06-30' }).status).toBe('Cessato');
    expect(contractRow({ ...contract, status: 'Cessato' }).status).toBe('Cessato');
    const supply = {
      key: 'SUP-1',
      contractId: 1,
      customerId: 1,
      commodity: 'gas',
      pointCode: '00880000123456',
      address: 'Via del Corso 10',
      postalCode: '00186',
      locality: 'Roma',
      province: 'RM',
      activationDate: '2024-01-01',
    };
    expect([supplyRow(supply).status, supplyRow(supply).extKey]).toEqual(['Attiva', 'ERP-SUP-1']);
    expect(supplyRow({ ...supply, deactivationDate: '2025-06-30' }).status).toBe('Cessata');
  });

  it('names a company by its VAT number, and makes users and delegations active unless told', () => {
    const company = { key: 'CUS-1', companyCode: 'sga', customerCode: '1', name: 'Impresa' };
    expect(customerRow({ ...company, customerType: 'company', vatNumber: '01234567897' }).fiscalCode).toBe(
      '01234567897',
    );
    expect(
      customerRow({ ...company, customerType: 'private', vatNumber: '01234567897' }).fiscalCode,
    ).toBeNull();
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
