// The generated customers as the supplier's ERP sends them (one way data enters). A batch's
// customers with their contracts, supplies and meters, and their bills with sections and instalments,
// leave the row buffer as NDJSON lines of the integration API's records (customerRecord, billRecord);
// the initial load parses them with the API's schemas and writes them (ErpIntake). What stays in the
// buffer (users, readings, streets) still refers to the generator's ids until `writtenIds` moves it.
import { todayInRome } from '@sportello/domain';
import {
  billEInvoices,
  contracts,
  customers,
  installments,
  invoiceSections,
  invoices,
  meterGroups,
  supplies,
} from '@sportello/db/schema';
import type { InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RowBuffer } from '../engine/bulk.js';
import type { WrittenIds } from '../engine/remap.js';

/** The kinds of record the intake answers ids for, and the ids by ERP key. */
export type LoadedIds = Map<'customer' | 'contract' | 'supply' | 'bill', Map<string, number>>;

/**
 * The integration API's initial load as the seed uses it (the server wires it in seed-cli.ts): the
 * generated customers enter the way a supplier's do.
 */
export interface ErpIntake {
  /** The unique keys the load looks records up by, as `table(column, …)`: they stay during a seed. */
  lookupKeys: readonly string[];
  /** A brand's loader of NDJSON batches; answers the loaded records' portal ids by kind and ERP key. */
  open(
    brand: string,
    now: Date,
  ): (kind: 'customers' | 'bills', lines: readonly string[]) => Promise<LoadedIds>;
}

/** The ERP keys of the generated rows: the demo accounts' convention (world/erp-keys.ts). */
const erpKey = (row: { key: string }) => `ERP-${row.key}`;

function byOwner<T>(rows: readonly T[], owner: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(owner(row));
    if (list) list.push(row);
    else map.set(owner(row), [row]);
  }
  return map;
}

export interface ErpBatch {
  customerLines: string[];
  billLines: string[];
  /** The rows taken out of the buffer, by table: what the intake writes of the batch. */
  taken: [PgTable, number][];
  /** The generator's ids of the rows sent, by table, given the intake's answers. */
  writtenIds(customersLoaded: LoadedIds, billsLoaded: LoadedIds): WrittenIds;
}

/**
 * Takes the batch's customers, contracts, supplies, meters, bills, sections and instalments out of
 * the buffer as ERP records. `offerKeys` gives a brand offer's ERP key by its id.
 */
export function takeErpBatch(buffer: RowBuffer, offerKeys: ReadonlyMap<number, string>): ErpBatch {
  const customerRows = buffer.take(customers);
  const contractRows = buffer.take(contracts);
  const supplyRows = buffer.take(supplies);
  const meterOf = new Map(buffer.take(meterGroups).map((m) => [m.supplyId, m]));
  const invoiceRows = buffer.take(invoices);
  const sectionsOf = byOwner(buffer.take(invoiceSections), (s) => s.invoiceId);
  const installmentsOf = byOwner(buffer.take(installments), (i) => i.invoiceId);
  const xmlOf = new Map(buffer.take(billEInvoices).map((e) => [e.invoiceId, e.xml]));
  const suppliesOf = byOwner(supplyRows, (s) => s.contractId);
  const contractsOf = byOwner(contractRows, (c) => c.customerId);
  const contractById = new Map(contractRows.map((c) => [c.id!, c]));

  const supplyRecord = (s: InferInsertModel<typeof supplies>) => {
    const meter = meterOf.get(s.id!);
    return {
      extKey: s.extKey,
      commodity: s.commodity,
      pointCode: s.pointCode,
      address: s.address,
      postalCode: s.postalCode,
      locality: s.locality,
      province: s.province,
      activationDate: s.activationDate,
      deactivationDate: s.deactivationDate,
      offerExtKey: s.offerId == null ? null : offerKeys.get(s.offerId),
      offerEndsOn: s.offerEndsOn ?? null,
      technicalData: s.technicalData,
      meter: meter && {
        serial: meter.meterSerial,
        fullCapacityStartDate: meter.fullCapacityStartDate,
        channels: meter.measures.map((m) => ({ code: m.ChannelTypeCode, unit: m.unit })),
      },
    };
  };
  const customerLines = customerRows.map((c) =>
    JSON.stringify({
      extKey: erpKey(c),
      version: 1,
      customerCode: c.customerCode,
      customerType: c.customerType,
      name: c.name,
      firstName: c.firstName,
      lastName: c.lastName,
      fiscalCode: c.fiscalCode,
      vatNumber: c.vatNumber,
      email: c.email,
      phoneMobile: c.phoneMobile,
      phoneHome: c.phoneHome,
      contracts: (contractsOf.get(c.id!) ?? []).map((k) => ({
        extKey: erpKey(k),
        number: k.number,
        name: k.name,
        startDate: k.startDate,
        endDate: k.endDate,
        shippingAddress: k.shippingAddress,
        directDebit: k.banking && {
          iban: k.banking.iban,
          bic: k.banking.bic,
          holderName: k.banking.holderName,
          holderFiscalCode: k.banking.holderFiscalCode,
        },
        supplies: (suppliesOf.get(k.id!) ?? []).map(supplyRecord),
      })),
    }),
  );
  const billLines = invoiceRows.map((i) =>
    JSON.stringify({
      extKey: i.extKey,
      version: 1,
      contractExtKey: erpKey(contractById.get(i.contractId)!),
      number: i.number,
      invoiceTypeCode: i.invoiceTypeCode,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      periodStart: i.periodStart,
      periodEnd: i.periodEnd,
      sections: (sectionsOf.get(i.id!) ?? [])
        .sort((a, b) => a.position - b.position)
        .map((s) => ({ title: s.title, lines: s.lines, totalCents: s.totalCents })),
      outstandingCents: i.outstandingCents,
      installments: (installmentsOf.get(i.id!) ?? []).map((p) => ({
        number: p.number,
        dueDate: p.dueDate,
        amountCents: p.amountCents,
        paidOn: p.paidAt ? todayInRome(new Date(p.paidAt)) : null,
      })),
      // The electronic invoice the ERP sent through the SdI, loaded with the bill (ADR 067).
      eInvoice: xmlOf.has(i.id!) ? { sdiId: i.sdiId ?? null, xml: xmlOf.get(i.id!) } : undefined,
    }),
  );

  const idsOf = <R extends { id?: number }>(
    rows: readonly R[],
    key: (r: R) => string,
    loaded?: Map<string, number>,
  ) =>
    new Map(
      rows.map((r) => {
        const id = loaded?.get(key(r));
        if (id === undefined) throw new Error(`the ERP intake loaded no ${key(r)}`);
        return [r.id!, id];
      }),
    );
  const sectionCount = [...sectionsOf.values()].reduce((n, list) => n + list.length, 0);
  const installmentCount = [...installmentsOf.values()].reduce((n, list) => n + list.length, 0);
  return {
    customerLines,
    billLines,
    taken: [
      [customers, customerRows.length],
      [contracts, contractRows.length],
      [supplies, supplyRows.length],
      [meterGroups, meterOf.size],
      [invoices, invoiceRows.length],
      [invoiceSections, sectionCount],
      [installments, installmentCount],
      [billEInvoices, xmlOf.size],
    ],
    writtenIds: (customersLoaded, billsLoaded) =>
      new Map<PgTable, Map<number, number>>([
        [customers, idsOf(customerRows, erpKey, customersLoaded.get('customer'))],
        [contracts, idsOf(contractRows, erpKey, customersLoaded.get('contract'))],
        [supplies, idsOf(supplyRows, (s) => s.extKey!, customersLoaded.get('supply'))],
        [invoices, idsOf(invoiceRows, (i) => i.extKey!, billsLoaded.get('bill'))],
      ]),
  };
}
