import { describe, expect, it } from 'vitest';
import { contracts, customers, supplies } from '@sportello/db/schema';
import { RowBuffer } from '../engine/bulk.js';
import { checkAsErpRecords } from './as-erp-records.js';

describe('the generated customers as ERP records', () => {
  const buffered = (postalCode: string) => {
    const buffer = new RowBuffer();
    buffer.add(customers, {
      id: 1,
      key: 'CUS-sga-G0000001',
      companyCode: 'sga',
      customerCode: '10000001',
      customerType: 'private',
      name: 'Maria Rossi',
    });
    buffer.add(contracts, {
      id: 2,
      key: 'CTR-sga-G0000001',
      companyCode: 'sga',
      customerId: 1,
      number: '1000000001',
      name: 'Luce',
      startDate: '2024-01-01',
      status: 'Attivo',
    });
    buffer.add(supplies, {
      id: 3,
      key: 'SUP-sga-G0000001',
      extKey: 'ERP-SUP-sga-G0000001',
      status: 'Attiva',
      contractId: 2,
      customerId: 1,
      commodity: 'electricity',
      pointCode: 'IT001E00000001',
      address: 'Via Roma 1',
      postalCode,
      locality: 'Milano',
      province: 'MI',
      activationDate: '2024-01-01',
    });
    return buffer;
  };

  it("passes a customer the integration API's schema takes, and names what it refuses", () => {
    expect(() => checkAsErpRecords(buffered('20121'))).not.toThrow();
    expect(() => checkAsErpRecords(buffered('2012'))).toThrow(
      'generated customer CUS-sga-G0000001 is not a valid ERP record: contracts.0.supplies.0.postalCode',
    );
  });
});
