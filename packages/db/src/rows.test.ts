import { describe, expect, it } from 'vitest';
import { contractRow, customerRow, invoiceRow, supplyRow } from './rows.js';

describe('row builders', () => {
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

  it('ends a contract and a supply with their end dates, unless told otherwise', () => {
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

  it('names a company by its VAT number', () => {
    const company = { key: 'CUS-1', companyCode: 'sga', customerCode: '1', name: 'Impresa' };
    expect(customerRow({ ...company, customerType: 'company', vatNumber: '01234567897' }).fiscalCode).toBe(
      '01234567897',
    );
    expect(
      customerRow({ ...company, customerType: 'private', vatNumber: '01234567897' }).fiscalCode,
    ).toBeNull();
  });
});
