import { describe, expect, it } from 'vitest';
import { getTableName } from 'drizzle-orm';
import { integration } from '@sportello/contract';
import {
  contracts,
  customers,
  installments,
  invoiceSections,
  invoices,
  meterGroups,
  readings,
  supplies,
  users,
} from '@sportello/db/schema';
import { RowBuffer } from '../engine/bulk.js';
import { remapReferences } from '../engine/remap.js';
import { takeErpBatch, type LoadedIds } from './as-erp-records.js';

/** One generated customer as the generator buffers it, with the generator's own ids. */
function buffered(postalCode = '20121') {
  const buffer = new RowBuffer();
  buffer.add(customers, {
    id: 1,
    key: 'CUS-sga-G0000001',
    companyCode: 'sga',
    customerCode: '10000001',
    customerType: 'private',
    name: 'Maria Rossi',
    phoneHome: '021234567',
  });
  buffer.add(users, {
    id: 9,
    key: 'USR-sga-G0000001',
    companyCode: 'sga',
    username: 'cliente1',
    type: 'Customer',
    status: 'Active',
    customerId: 1,
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
    banking: {
      iban: 'IT60X0542811101000000123456',
      bic: null,
      holderName: 'Maria Rossi',
      holderFiscalCode: 'RSSMRA80A41F205X',
      state: null,
    },
  });
  buffer.add(supplies, {
    id: 3,
    key: 'SUP-sga-G0000001',
    extKey: 'ERP-SUP-sga-G0000001',
    status: 'Attiva',
    contractId: 2,
    customerId: 1,
    offerId: 7,
    commodity: 'electricity',
    pointCode: 'IT001E00000001',
    address: 'Via Roma 1',
    postalCode,
    locality: 'Milano',
    province: 'MI',
    activationDate: '2024-01-01',
    technicalData: { contractualPowerKw: 3, usage: 'Domestico residente' },
  });
  buffer.add(meterGroups, {
    supplyId: 3,
    meterSerial: 'E0123456789',
    fullCapacityStartDate: null,
    measures: [{ ChannelTypeCode: 'F1', unit: 'kWh' }],
  });
  buffer.add(readings, {
    supplyId: 3,
    readingDate: '2024-03-01',
    source: 'distributor',
    status: 'validated',
  } as never);
  buffer.add(invoices, {
    id: 4,
    key: 'INV-sga-G0000001',
    extKey: 'ERP-INV-sga-G0000001',
    companyCode: 'sga',
    customerId: 1,
    contractId: 2,
    number: '2024/SGA/00000001',
    invoiceTypeCode: 1,
    issueDate: '2024-03-05',
    dueDate: '2024-03-25',
    periodStart: '2024-01-01',
    periodEnd: '2024-02-29',
    amountCents: 3000,
    outstandingCents: 2000,
    paymentLevel: 'Installments',
  });
  buffer.add(
    invoiceSections,
    {
      invoiceId: 4,
      position: 2,
      title: 'Trasporto',
      lines: [{ label: 'Quota', quantity: null, amountCents: 1000 }],
      totalCents: 1000,
    },
    {
      invoiceId: 4,
      position: 1,
      title: 'Energia',
      lines: [{ label: 'F1', quantity: '100 kWh', amountCents: 2000 }],
      totalCents: 2000,
    },
  );
  buffer.add(
    installments,
    {
      id: 5,
      invoiceId: 4,
      contractId: 2,
      number: 1,
      dueDate: '2024-03-25',
      amountCents: 1000,
      toBePaid: false,
      paidAt: new Date('2024-03-24T09:15:00Z'),
    },
    {
      id: 6,
      invoiceId: 4,
      contractId: 2,
      number: 2,
      dueDate: '2024-04-25',
      amountCents: 2000,
      toBePaid: true,
      paidAt: null,
    },
  );
  return buffer;
}

const offerKeys = new Map([[7, 'ERP-OFF-sga-LUCE']]);

describe('the generated customers as ERP records', () => {
  it("takes a batch's customers and bills out of the buffer as the integration API's records", () => {
    const buffer = buffered();
    const batch = takeErpBatch(buffer, offerKeys);
    expect(buffer.tables().map(getTableName).sort()).toEqual(['readings', 'users']);

    const [customerLine] = batch.customerLines;
    const customer = integration.customerRecord.parse(JSON.parse(customerLine!));
    expect(JSON.parse(customerLine!).extKey).toBe('ERP-CUS-sga-G0000001');
    expect(customer.phoneHome).toBe('021234567');
    const contract = customer.contracts[0]!;
    expect(contract.extKey).toBe('ERP-CTR-sga-G0000001');
    expect(contract.directDebit).toEqual({
      iban: 'IT60X0542811101000000123456',
      bic: null,
      holderName: 'Maria Rossi',
      holderFiscalCode: 'RSSMRA80A41F205X',
    });
    const supply = contract.supplies[0]!;
    expect(supply).toMatchObject({ extKey: 'ERP-SUP-sga-G0000001', offerExtKey: 'ERP-OFF-sga-LUCE' });
    expect(supply.technicalData).toEqual({ contractualPowerKw: 3, usage: 'Domestico residente' });
    expect(supply.meter).toEqual({
      serial: 'E0123456789',
      fullCapacityStartDate: null,
      channels: [{ code: 'F1', unit: 'kWh' }],
    });

    const [billLine] = batch.billLines;
    const bill = integration.billRecord.parse(JSON.parse(billLine!));
    expect(bill.contractExtKey).toBe('ERP-CTR-sga-G0000001');
    expect(bill.sections.map((s) => s.title)).toEqual(['Energia', 'Trasporto']);
    expect(bill.outstandingCents).toBe(2000);
    // Paid the day before it fell due, at 10:15 in Rome.
    expect(bill.installments).toEqual([
      { number: 1, dueDate: '2024-03-25', amountCents: 1000, paidOn: '2024-03-24' },
      { number: 2, dueDate: '2024-04-25', amountCents: 2000, paidOn: null },
    ]);
  });

  it('moves the rows left in the buffer onto the ids the intake wrote, and refuses an id it did not', () => {
    const buffer = buffered();
    const batch = takeErpBatch(buffer, offerKeys);
    const loaded: LoadedIds = new Map([
      ['customer', new Map([['ERP-CUS-sga-G0000001', 101]])],
      ['contract', new Map([['ERP-CTR-sga-G0000001', 102]])],
      ['supply', new Map([['ERP-SUP-sga-G0000001', 103]])],
    ]);
    const bills: LoadedIds = new Map([['bill', new Map([['ERP-INV-sga-G0000001', 104]])]]);
    remapReferences(buffer, batch.writtenIds(loaded, bills));
    expect(buffer.pending(users)[0]?.customerId).toBe(101);
    expect(buffer.pending(readings)[0]?.supplyId).toBe(103);

    const missing: LoadedIds = new Map([...loaded, ['supply', new Map()]]);
    expect(() => batch.writtenIds(missing, bills)).toThrow('the ERP intake loaded no ERP-SUP-sga-G0000001');
  });
});
