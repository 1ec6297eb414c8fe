// The initial load (ADR 046), on both databases: NDJSON files of customers and bills loaded a batch at a
// time with the API's schemas, rules and versions (bad lines refused with their number and code, the
// rest loaded; a bill for a contract not loaded; versions out of order within a file and across runs;
// a key twice in one batch), the same rows as the API's one-by-one load, no notice for the history, and
// the CLI killed (SIGKILL) mid-file then run again ending with exactly the rows of one uninterrupted run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database, type Db } from '@sportello/db/client';
import {
  collectedPayments,
  companies,
  consumptionDays,
  contracts,
  customers,
  documents,
  installments,
  invoiceSections,
  invoices,
  jobs,
  messages,
  meterGroups,
  offers,
  proposals,
  quotations,
  readings,
  readingWindows,
  supplies,
} from '@sportello/db/schema';
import { testConfig } from '../../../test/app.js';
import {
  databaseKinds,
  newPostgresDatabase,
  openTestDatabase,
  type DatabaseKind,
} from '../../../test/databases.js';
import { insertFixture } from '../../../test/fixture.js';
import { createServices } from '../../wiring.js';
import { integrationModule } from './index.js';
import type { LoadKind } from './load-parse.js';
import type { IntegrationService } from './service.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'sportello-initial-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const customer = (n: number, version = 1, name = `Cliente ${n}`, offerExtKey: string | null = null) => ({
  extKey: `C-${n}`,
  version,
  customerCode: `L-${n}`,
  customerType: 'private',
  name,
  email: `cliente${n}@example.it`,
  contracts: [
    {
      extKey: `K-${n}`,
      number: `CTR-${n}`,
      name: 'Luce casa',
      startDate: '2025-01-01',
      supplies: [
        {
          extKey: `POD-${n}`,
          commodity: 'electricity',
          pointCode: `IT001E${String(n).padStart(8, '0')}`,
          address: 'Via Roma 1',
          postalCode: '20121',
          locality: 'Milano',
          province: 'MI',
          activationDate: '2025-01-01',
          offerExtKey,
        },
      ],
    },
  ],
});

const bill = (extKey: string, contractExtKey: string, version = 1, energy = 3_000) => ({
  extKey,
  version,
  contractExtKey,
  number: `2026/${extKey}`,
  issueDate: '2026-03-01',
  dueDate: '2026-03-21',
  sections: [
    { title: 'Energia', lines: [{ label: 'F1', amountCents: energy }], totalCents: energy },
    { title: 'Imposte', lines: [{ label: 'IVA 10%', amountCents: 300 }], totalCents: 300 },
  ],
});

/** What the portal shows of a customer that only the ERP knows: a home phone, a mandate, a meter. */
const withFacts = (n: number) => {
  const c = customer(n);
  const [contract] = c.contracts;
  return {
    ...c,
    phoneHome: '02 1234567',
    contracts: [
      {
        ...contract!,
        directDebit: {
          iban: 'IT60 X054 2811 1010 0000 0123 456',
          bic: 'bpmoit22xxx',
          holderName: `Cliente ${n}`,
          holderFiscalCode: 'rssmra80a01h501u',
        },
        supplies: contract!.supplies.map((s) => ({
          ...s,
          technicalData: { contractualPowerKw: 3, voltage: 'Bassa tensione', remiCode: null },
          meter: {
            serial: `E${n}`,
            fullCapacityStartDate: '2025-06-01',
            channels: [
              { code: 'F1', unit: 'kWh' },
              { code: 'CURVA', unit: 'kWh' },
            ],
          },
        })),
      },
    ],
  };
};

/** A bill in three installments adding up to its 3,300: the first paid. */
const inInstallments = (extKey: string, contractExtKey: string) => ({
  ...bill(extKey, contractExtKey),
  installments: [
    { number: 1, dueDate: '2026-03-21', amountCents: 1_100, paidOn: '2026-03-20' },
    { number: 2, dueDate: '2026-04-21', amountCents: 1_100 },
    { number: 3, dueDate: '2026-05-21', amountCents: 1_100 },
  ],
});

function file(name: string, lines: readonly (object | string)[], extension = 'ndjson') {
  const target = path.join(dir, `${name}-${randomBytes(4).toString('hex')}.${extension}`);
  writeFileSync(target, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return target;
}

/** The CLI's loads go into a brand that holds nothing yet, beside the fixture's brands. */
const EMPTY_BRAND = 'nuo';
/**
 * The limit of a test that starts a CLI process or a worker thread, each loading TypeScript and the
 * contract again: it catches a hang, not a slow start (a minute per start at load 30 on two cores).
 */
const HANG_LIMIT = { timeout: 600_000 };
async function addEmptyBrand(db: Db) {
  await db.insert(companies).values({
    code: EMPTY_BRAND,
    name: 'Nuova Energia',
    legalName: 'Nuova Energia S.r.l.',
    vatNumber: '01114601006',
  });
}

/** The indexes and foreign keys of the tables a load writes, and what a load set aside. */
async function indexes(db: Db) {
  const { rows } = (await db.execute(sql`
    select (select string_agg(indexdef, ';' order by indexname) from pg_indexes
             where schemaname = 'public') as indexes,
           (select string_agg(conname || ' ' || pg_get_constraintdef(oid), ';' order by conname)
             from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace) as keys,
           (select count(*)::int from integration_load_indexes) as "setAside"`)) as unknown as {
    rows: { indexes: string; keys: string; setAside: number }[];
  };
  return rows[0]!;
}

/** A digest of what the loads wrote, by keys rather than ids (ids taken by a killed run are gaps). */
async function digest(db: Db) {
  const { rows } = (await db.execute(sql`
    select md5(string_agg(t, '|' order by t)) as digest, count(*)::int as rows from (
      select concat_ws(',', 'cu', key, customer_code, name, email) as t from customers where key like 'CU-nuo-%'
      union all select concat_ws(',', 'ct', c.key, cu.key, c.number, c.name)
        from contracts c join customers cu on cu.id = c.customer_id where c.key like 'CT-nuo-%'
      union all select concat_ws(',', 'sp', s.key, s.ext_key, c.key, s.point_code)
        from supplies s join contracts c on c.id = s.contract_id where s.key like 'SP-nuo-%'
      union all select concat_ws(',', 'bl', i.key, c.key, i.amount_cents, i.outstanding_cents, i.payment_level)
        from invoices i join contracts c on c.id = i.contract_id where i.key like 'BL-nuo-%'
      union all select concat_ws(',', 'se', i.key, s.position, s.total_cents, s.lines::text)
        from invoice_sections s join invoices i on i.id = s.invoice_id where i.key like 'BL-nuo-%'
      union all select concat_ws(',', 'ir', kind, ext_key, version) from integration_records
    ) loaded`)) as unknown as { rows: { digest: string; rows: number }[] };
  return rows[0]!;
}

/**
 * A describe's database (the fixture's brands and customers) and integration service, opened before its
 * tests and dropped after, and `load`: a file loaded into 'sga' as the CLI loads it, answering the
 * counts and each line's outcome and code.
 */
function loadingInto(kind: DatabaseKind) {
  const opened = {} as {
    database: Awaited<ReturnType<typeof openTestDatabase>>;
    service: IntegrationService;
  };
  beforeAll(async () => {
    opened.database = await openTestDatabase(kind);
    await insertFixture(opened.database.db);
    opened.service = createServices(opened.database.db, testConfig()).serviceOf(
      integrationModule,
    ) as IntegrationService;
  });
  afterAll(() => opened.database.drop());
  const load = async (loadKind: LoadKind, target: string, batchLines = 3, threadFromBytes?: number) => {
    const results: { line: number; outcome: string; code?: string | undefined }[] = [];
    const counts = await opened.service.initialLoad.loadFile(loadKind, 'sga', target, {
      now: new Date(),
      batchLines,
      threadFromBytes,
      onBatch: (batch) =>
        results.push(...batch.map((r) => ({ line: r.line, outcome: r.outcome, code: r.code }))),
    });
    return { counts, results };
  };
  return { opened, load };
}

describe.each(databaseKinds)('the initial load on %s', (kind) => {
  const { opened, load } = loadingInto(kind);

  it('loads good lines and refuses bad ones by number and code, the batch going on', HANG_LIMIT, async () => {
    const target = file('customers', [
      customer(1),
      'not json',
      { ...customer(2), extKey: undefined },
      { ...customer(3), customerType: 'robot' },
      '',
      customer(4),
      { ...customer(5), customerCode: 'L-1' },
      customer(6),
    ]);
    // Parsed in a thread, as a large file is (THREAD_FROM_BYTES); the other tests' small files are not.
    const { counts, results } = await load('customers', target, 3, 0);
    expect(results).toEqual([
      { line: 1, outcome: 'created', code: undefined },
      { line: 2, outcome: 'refused', code: 'invalid_line' },
      { line: 3, outcome: 'refused', code: 'ext_key_missing' },
      { line: 4, outcome: 'refused', code: 'invalid_input' },
      { line: 6, outcome: 'created', code: undefined },
      { line: 7, outcome: 'refused', code: 'customer_code_taken' },
      { line: 8, outcome: 'created', code: undefined },
    ]);
    expect(counts).toEqual({ created: 3, updated: 0, unchanged: 0, stale: 0, refused: 4, conflict: 0 });
    const [supply] = await opened.database.db.select().from(supplies).where(eq(supplies.extKey, 'POD-4'));
    const [holder] = await opened.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, supply!.customerId));
    expect(holder).toMatchObject({ key: 'CU-sga-C-4', customerCode: 'L-4', companyCode: 'sga' });
  });

  it('writes the rows the API writes for the same record', async () => {
    const target = file('customers', [customer(10)]);
    await load('customers', target);
    await opened.service.putCustomer('sga', 'C-11', { ...customer(11), extKey: undefined }, new Date());
    const rowsOf = async (n: number) => {
      const [c] = await opened.database.db
        .select()
        .from(customers)
        .where(eq(customers.key, `CU-sga-C-${n}`));
      const [s] = await opened.database.db
        .select()
        .from(supplies)
        .where(eq(supplies.extKey, `POD-${n}`));
      const strip = (row: Record<string, unknown>) =>
        JSON.parse(
          JSON.stringify(row, (k, v) =>
            /^(id|key|extKey|customerId|contractId|createdAt)$/.test(k) ? undefined : v,
          ),
        );
      return { customer: strip(c!), supply: strip(s!) };
    };
    const bulk = await rowsOf(10);
    const single = await rowsOf(11);
    expect(bulk.customer).toEqual({
      ...single.customer,
      customerCode: 'L-10',
      name: 'Cliente 10',
      email: 'cliente10@example.it',
    });
    expect(bulk.supply).toEqual({ ...single.supply, pointCode: 'IT001E00000010' });
  });

  it('writes the facts the portal shows as the API does: phone, mandate, technical data, meter, installments', async () => {
    const db = opened.database.db;
    await load('customers', file('customers', [withFacts(40)]));
    await opened.service.putCustomer('sga', 'C-41', { ...withFacts(41), extKey: undefined }, new Date());
    await load('bills', file('bills', [inInstallments('B-40', 'K-40')]));
    await opened.service.putBill(
      'sga',
      'B-41',
      { ...inInstallments('B-41', 'K-41'), extKey: undefined },
      new Date(),
    );
    const strip = (row: object) =>
      JSON.parse(
        JSON.stringify(row, (k, v) =>
          /^(id|key|extKey|customerId|contractId|supplyId|invoiceId|documentId|createdAt|number|name|title|holderName|customerCode|email|pointCode|meterSerial)$/.test(
            k,
          )
            ? undefined
            : v,
        ),
      );
    const rowsOf = async (n: number) => {
      const [c] = await db
        .select()
        .from(customers)
        .where(eq(customers.key, `CU-sga-C-${n}`));
      const [k] = await db
        .select()
        .from(contracts)
        .where(eq(contracts.key, `CT-sga-K-${n}`));
      const [s] = await db
        .select()
        .from(supplies)
        .where(eq(supplies.extKey, `POD-${n}`));
      const [m] = await db.select().from(meterGroups).where(eq(meterGroups.supplyId, s!.id));
      const [b] = await db
        .select()
        .from(invoices)
        .where(eq(invoices.extKey, `B-${n}`));
      const plan = await db
        .select()
        .from(installments)
        .where(eq(installments.invoiceId, b!.id))
        .orderBy(installments.number);
      expect(plan.every((i) => i.contractId === k!.id)).toBe(true);
      // Its document, so the customer can download it from the first day (drawn on first opening).
      const [d] = await db.select().from(documents).where(eq(documents.id, b!.documentId!));
      expect(d?.title).toBe(`Bolletta n. ${b!.number} del 01/03/2026`);
      return {
        document: strip(d!),
        customer: strip(c!),
        contract: strip(k!),
        supply: strip(s!),
        meter: strip(m!),
        bill: strip(b!),
        plan: plan.map(strip),
      };
    };
    const bulk = await rowsOf(40);
    expect(bulk).toMatchObject({
      customer: { phoneHome: '02 1234567' },
      contract: {
        banking: {
          iban: 'IT60X0542811101000000123456',
          bic: 'BPMOIT22XXX',
          holderFiscalCode: 'RSSMRA80A01H501U',
          state: null,
        },
      },
      supply: { technicalData: { contractualPowerKw: 3, voltage: 'Bassa tensione', remiCode: null } },
      meter: {
        fullCapacityStartDate: '2025-06-01',
        measures: [
          { ChannelTypeCode: 'F1', unit: 'kWh' },
          { ChannelTypeCode: 'CURVA', unit: 'kWh' },
        ],
      },
      // Owed: the two installments to pay; due, as a whole, by the last one.
      bill: {
        amountCents: 3_300,
        outstandingCents: 2_200,
        paymentLevel: 'Installments',
        dueDate: '2026-05-21',
      },
    });
    expect(bulk.plan).toEqual([
      { dueDate: '2026-03-21', amountCents: 1_100, toBePaid: false, paidAt: '2026-03-20T11:00:00.000Z' },
      { dueDate: '2026-04-21', amountCents: 1_100, toBePaid: true, paidAt: null },
      { dueDate: '2026-05-21', amountCents: 1_100, toBePaid: true, paidAt: null },
    ]);
    expect(bulk).toEqual(await rowsOf(41));
  });

  it('puts a supply on the offer its line names, and refuses a line naming an offer not loaded', async () => {
    const [offer] = await opened.database.db
      .insert(offers)
      .values({
        key: 'OFF-T',
        extKey: 'LUCE-T',
        companyCode: 'sga',
        name: 'Luce T',
        commodity: 'electricity',
        priceType: 'Fisso',
      })
      .returning();
    const onOffer = (n: number, offerExtKey: string) => customer(n, 1, `Cliente ${n}`, offerExtKey);
    const { results } = await load(
      'customers',
      file('customers', [onOffer(30, 'LUCE-T'), onOffer(31, 'LUCE-NOPE')]),
    );
    expect(results).toEqual([
      { line: 1, outcome: 'created', code: undefined },
      { line: 2, outcome: 'refused', code: 'unknown_offer' },
    ]);
    const [supply] = await opened.database.db.select().from(supplies).where(eq(supplies.extKey, 'POD-30'));
    expect(supply!.offerId).toBe(offer!.id);
  });

  it('applies versions as the API does: in a file out of order, a key twice in a batch, and across runs', async () => {
    const first = file('customers', [
      customer(20, 2, 'Seconda'),
      customer(20, 1, 'Prima'),
      customer(20, 3, 'Terza'),
    ]);
    expect((await load('customers', first, 10)).results.map((r) => r.outcome)).toEqual([
      'created',
      'stale',
      'updated',
    ]);
    // The same version with other content is refused (ADR 050), not taken as a replay.
    const again = file('customers', [
      customer(20, 3, 'Altra'),
      customer(20, 2, 'Vecchia'),
      customer(20, 3, 'Terza'),
    ]);
    expect((await load('customers', again)).results.map((r) => [r.outcome, r.code])).toEqual([
      ['conflict', 'version_reused'],
      ['stale', undefined],
      ['unchanged', undefined],
    ]);
    const [row] = await opened.database.db.select().from(customers).where(eq(customers.key, 'CU-sga-C-20'));
    expect(row!.name).toBe('Terza');
  });

  it('loads bills for loaded contracts, refuses an unknown contract and a wrong total, and tells nobody', async () => {
    await load('customers', file('customers', [customer(30)]));
    const jobsBefore = (await opened.database.db.select().from(jobs)).length;
    const target = file('bills', [
      bill('B-30-1', 'K-30'),
      bill('B-30-2', 'K-404'),
      {
        ...bill('B-30-3', 'K-30'),
        sections: [{ title: 'Energia', lines: [{ label: 'F1', amountCents: 10 }], totalCents: 11 }],
      },
      bill('B-30-1', 'K-30', 3, 5_000),
      bill('B-30-1', 'K-30', 2, 4_000),
      bill('B-30-4', 'K-30'),
    ]);
    const { counts, results } = await load('bills', target, 2);
    expect(results).toEqual([
      { line: 1, outcome: 'created', code: undefined },
      { line: 2, outcome: 'refused', code: 'unknown_contract' },
      { line: 3, outcome: 'refused', code: 'section_total_mismatch' },
      { line: 4, outcome: 'updated', code: undefined },
      { line: 5, outcome: 'stale', code: undefined },
      { line: 6, outcome: 'created', code: undefined },
    ]);
    expect(counts).toMatchObject({ created: 2, updated: 1, stale: 1, refused: 2 });
    const [loaded] = await opened.database.db.select().from(invoices).where(eq(invoices.extKey, 'B-30-1'));
    // The newest version's sections: 5,000 + 300, all of it owed.
    expect(loaded).toMatchObject({ amountCents: 5_300, outstandingCents: 5_300 });
    // History, not news: no 'Nuova bolletta disponibile' queued for a bill the initial load wrote.
    expect((await opened.database.db.select().from(jobs)).length).toBe(jobsBefore);
  });
});

describe.each(databaseKinds)('the initial load of CSV files on %s', (kind) => {
  const { opened, load: loadFile } = loadingInto(kind);
  const load = (loadKind: 'customers' | 'bills', rows: readonly string[]) =>
    loadFile(loadKind, file(loadKind, rows, 'csv'), 2);
  const supply = (key: string, point: string, postalCode = '20121') =>
    `${key},electricity,${point},Via Roma 1,${postalCode},Milano,MI,2025-01-01`;

  it('maps rows to records by the header, a record over its rows, and loads them as NDJSON lines', async () => {
    const customerCells = 'C-201,1,L-201,private,"Rossi, Maria ""Mary""",maria@example.it';
    const { counts, results } = await load('customers', [
      'extKey,version,customerCode,customerType,name,email,contracts.extKey,contracts.number,contracts.name,' +
        'contracts.startDate,contracts.supplies.extKey,contracts.supplies.commodity,contracts.supplies.pointCode,' +
        'contracts.supplies.address,contracts.supplies.postalCode,contracts.supplies.locality,' +
        'contracts.supplies.province,contracts.supplies.activationDate',
      // One customer over three rows: two contracts, the first with two supplies.
      `${customerCells},K-201,CTR-201,Luce casa,2025-01-01,${supply('POD-201a', 'IT001E00000201')}`,
      `${customerCells},K-201,CTR-201,Luce casa,2025-01-01,${supply('POD-201b', 'IT001E00000202')}`,
      `${customerCells},K-202,CTR-202,Luce bottega,2025-01-01,${supply('POD-202', 'IT001E00000203')}`,
      // No contract: its list fields empty.
      'C-202,1,L-202,company,Bar Sole,,,,,,,,,,,,,',
      // A bad postal code refuses the record, named by its first row.
      `C-203,1,L-203,private,Bianchi,,K-203,CTR-203,Luce,2025-01-01,${supply('POD-203', 'IT001E00000204', 'ABCDE')}`,
      `C-204,1,L-204,private,Verdi,,K-204,CTR-204,Luce,2025-01-01,${supply('POD-204', 'IT001E00000205')}`,
    ]);
    expect(results).toEqual([
      { line: 2, outcome: 'created', code: undefined },
      { line: 5, outcome: 'created', code: undefined },
      { line: 6, outcome: 'refused', code: 'invalid_input' },
      { line: 7, outcome: 'created', code: undefined },
    ]);
    expect(counts).toMatchObject({ created: 3, refused: 1 });
    const [rossi] = await opened.database.db
      .select()
      .from(customers)
      .where(eq(customers.key, 'CU-sga-C-201'));
    expect(rossi).toMatchObject({ name: 'Rossi, Maria "Mary"', customerCode: 'L-201' });
    const rossiContracts = await opened.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.customerId, rossi!.id));
    expect(rossiContracts.map((c) => c.number).sort()).toEqual(['CTR-201', 'CTR-202']);
    const rossiSupplies = await opened.database.db
      .select()
      .from(supplies)
      .where(eq(supplies.customerId, rossi!.id));
    expect(rossiSupplies.map((s) => s.extKey).sort()).toEqual(['POD-201a', 'POD-201b', 'POD-202']);

    const bills = await load('bills', [
      'extKey,version,contractExtKey,number,issueDate,dueDate,sections.title,sections.totalCents,' +
        'sections.lines.label,sections.lines.amountCents',
      // Two sections, the first of two lines.
      'B-201,1,K-201,2026/B-201,2026-03-01,2026-03-21,Energia,3500,F1,2000',
      'B-201,1,K-201,2026/B-201,2026-03-01,2026-03-21,Energia,3500,F2,1500',
      'B-201,1,K-201,2026/B-201,2026-03-01,2026-03-21,Imposte,300,IVA 10%,300',
      'B-202,1,K-999,2026/B-202,2026-03-01,2026-03-21,Energia,100,F1,100',
      'B-203,x,K-202,2026/B-203,2026-03-01,2026-03-21,Energia,100,F1,100',
    ]);
    expect(bills.results).toEqual([
      { line: 2, outcome: 'created', code: undefined },
      { line: 5, outcome: 'refused', code: 'unknown_contract' },
      { line: 6, outcome: 'refused', code: 'invalid_input' },
    ]);
    const [bill] = await opened.database.db.select().from(invoices).where(eq(invoices.extKey, 'B-201'));
    expect(bill).toMatchObject({
      amountCents: 3_800,
      contractId: rossiContracts.find((c) => c.number === 'CTR-201')!.id,
    });
    const sections = await opened.database.db
      .select()
      .from(invoiceSections)
      .where(eq(invoiceSections.invoiceId, bill!.id))
      .orderBy(invoiceSections.position);
    expect(sections.map((s) => [s.title, s.totalCents, (s.lines as unknown[]).length])).toEqual([
      ['Energia', 3_500, 2],
      ['Imposte', 300, 1],
    ]);
  });

  it("carries a contract's direct debit; refuses a header naming a supply's meter or technical data, or installments", async () => {
    const header =
      'extKey,version,customerCode,customerType,name,contracts.extKey,contracts.number,contracts.name,contracts.startDate,' +
      'contracts.directDebit.iban,contracts.directDebit.holderName,contracts.directDebit.holderFiscalCode';
    const { results } = await load('customers', [
      header,
      'C-320,1,L-320,private,Cliente 320,K-320,CTR-320,Luce,2025-01-01,IT60X0542811101000000123456,Cliente 320,RSSMRA80A01H501U',
    ]);
    expect(results).toEqual([{ line: 2, outcome: 'created', code: undefined }]);
    const [loaded] = await opened.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.key, 'CT-sga-K-320'));
    expect(loaded!.banking).toMatchObject({ iban: 'IT60X0542811101000000123456', bic: null, state: null });

    await expect(
      load('customers', ['extKey,version,contracts.supplies.meter.serial', 'C-321,1,E1']),
    ).rejects.toThrow(
      'a CSV file does not carry contracts.supplies.meter.serial: load these records as NDJSON',
    );
    await expect(
      load('customers', ['extKey,version,contracts.supplies.technicalData', 'C-321,1,x']),
    ).rejects.toThrow('does not carry contracts.supplies.technicalData');
    await expect(
      load('bills', ['extKey,version,installments.number,installments.amountCents', 'B-321,1,1,100']),
    ).rejects.toThrow('does not carry installments.number, installments.amountCents');
  });

  it('reads a file as a spreadsheet saves it: byte order mark, \\r\\n, quotes, a quoted line break', async () => {
    const saved = [
      '\uFEFFextKey,version,customerCode,customerType,name',
      'C-330,1,L-330,company,"Bar ""Sole"", Milano"',
      // A record's text is one line (the schemas refuse a line break): read whole, then refused.
      'C-331,1,L-331,company,"Bar Luna\r\nsede legale"',
      'C-332,1,L-332,private,Rossi',
    ].join('\r\n');
    const { results } = await load('customers', [saved]);
    expect(results).toEqual([
      { line: 2, outcome: 'created', code: undefined },
      { line: 3, outcome: 'refused', code: 'invalid_input' },
      // The record before spans lines 3 and 4.
      { line: 5, outcome: 'created', code: undefined },
    ]);
    const [bar] = await opened.database.db.select().from(customers).where(eq(customers.key, 'CU-sga-C-330'));
    expect(bar!.name).toBe('Bar "Sole", Milano');
  });

  it('refuses a header that names no field of the record, loading nothing', async () => {
    await expect(load('customers', ['extKey,version,nickname', 'C-301,1,Mimmo'])).rejects.toThrow(
      'the header names no field of a record: nickname',
    );
    expect(await opened.database.db.$count(customers, eq(customers.key, 'CU-sga-C-301'))).toBe(0);
  });
});

describe.each(databaseKinds)('the initial load of the other kinds on %s', (kind) => {
  const { opened, load } = loadingInto(kind);
  const day = '2026-03-02';
  const hours = (n: number) => Array.from({ length: 24 }, (_, i) => n + i);
  /** A file of each kind the batch calls take, naming the customer, contract, supply and bill loaded first. */
  const files = {
    offers: [
      {
        extKey: 'OFF-50',
        version: 1,
        name: 'Luce 50',
        commodity: 'electricity',
        priceType: 'Fisso',
        prices: [{ label: 'Energia', milliEuro: 120, unit: 'kWh' }],
      },
    ],
    payments: [
      {
        extKey: 'PAY-50',
        version: 1,
        billExtKey: 'B-50',
        amountCents: 1_000,
        collectedOn: '2026-03-10',
        channel: 'bank',
      },
      {
        extKey: 'PAY-51',
        version: 1,
        billExtKey: 'B-404',
        amountCents: 1,
        collectedOn: day,
        channel: 'post',
      },
    ],
    readings: [
      {
        extKey: 'RD-50',
        version: 1,
        supplyExtKey: 'POD-50',
        readingDate: day,
        source: 'distributor',
        status: 'validated',
        values: { F1: 1_200, F2: 900, F3: 700 },
      },
    ],
    readingWindows: [
      { extKey: 'RW-50', version: 1, supplyExtKey: 'POD-50', opensOn: '2026-04-01', closesOn: '2026-04-05' },
    ],
    curves: [
      {
        extKey: `CV-50-${day}`,
        version: 1,
        supplyExtKey: 'POD-50',
        day,
        resolution: 'PT60M',
        quantities: hours(100),
      },
      // 23 values for a day of 24 hours: refused by the API's own check.
      {
        extKey: 'CV-50-bad',
        version: 1,
        supplyExtKey: 'POD-50',
        day,
        resolution: 'PT60M',
        quantities: hours(1).slice(1),
      },
    ],
    prices: [
      { extKey: `PUN-${day}`, version: 1, market: 'PUN', day, resolution: 'PT60M', prices: hours(110_000) },
    ],
    messages: [
      { extKey: 'MSG-50', version: 1, customerExtKey: 'C-50', title: 'Benvenuto', body: 'Ciao.' },
      { extKey: 'MSG-50', version: 2, customerExtKey: 'C-50', title: 'Benvenuta', body: 'Ciao!' },
    ],
    proposals: [
      {
        extKey: 'PRO-50',
        version: 1,
        customerExtKey: 'C-50',
        contractExtKey: 'K-50',
        title: 'Luce 50',
        description: 'Prezzo fisso per due anni.',
      },
    ],
    // The notice of a change of a supply the brand never loaded.
    priceChanges: [
      {
        extKey: 'VAR-50',
        version: 1,
        supplyExtKey: 'POD-404',
        prices: [{ label: 'Energia', milliEuro: 150, unit: 'kWh' }],
        effectiveOn: '2027-06-01',
      },
    ],
    // No request or complaint with these keys was opened in the portal.
    requestPhases: [{ extKey: 'REQ-404', version: 1, status: 'Chiuso' }],
    complaintAnswers: [
      { extKey: 'RCL-404', version: 1, answer: 'Risolto.', answeredAt: '2026-03-02T10:00:00Z' },
    ],
  } satisfies Record<Exclude<LoadKind, 'customers' | 'bills'>, object[]>;

  it(
    "loads a file of each kind through the API's rules, tells nobody, and a second run changes nothing",
    HANG_LIMIT,
    async () => {
      const { db } = opened.database;
      await load('customers', file('customers', [customer(50)]));
      await load('bills', file('bills', [bill('B-50', 'K-50')]));
      const jobsBefore = await db.$count(jobs);
      const rows = async () => ({
        payments: await db.$count(collectedPayments),
        readings: await db.$count(readings),
        windows: await db.$count(readingWindows),
        curveDays: await db.$count(consumptionDays),
        prices: await db.$count(quotations),
        offers: await db.$count(offers, eq(offers.extKey, 'OFF-50')),
        messages: await db.$count(messages, eq(messages.title, 'Benvenuta')),
        proposals: await db.$count(proposals, eq(proposals.title, 'Luce 50')),
      });
      const before = await rows();
      const outcomes = async () => {
        const all: Record<string, string[]> = {};
        for (const [loadKind, lines] of Object.entries(files))
          all[loadKind] = (
            await load(loadKind as LoadKind, file(loadKind, ['', ...lines, 'not json']), 2)
          ).results.map((r) => r.code ?? r.outcome);
        return all;
      };
      expect(await outcomes()).toEqual({
        offers: ['created', 'invalid_line'],
        payments: ['created', 'unknown_bill', 'invalid_line'],
        readings: ['created', 'invalid_line'],
        readingWindows: ['created', 'invalid_line'],
        curves: ['created', 'curve_length_mismatch', 'invalid_line'],
        prices: ['created', 'invalid_line'],
        // Versions as the API applies them: the second line of a key is a newer version.
        messages: ['created', 'updated', 'invalid_line'],
        proposals: ['created', 'invalid_line'],
        priceChanges: ['unknown_supply', 'invalid_line'],
        requestPhases: ['unknown_request', 'invalid_line'],
        complaintAnswers: ['unknown_complaint', 'invalid_line'],
      });
      const loaded = await rows();
      for (const [table, n] of Object.entries(loaded))
        expect(n, table).toBeGreaterThan(before[table as keyof typeof before]);
      const [b50] = await db.select().from(invoices).where(eq(invoices.extKey, 'B-50'));
      expect(b50!.outstandingCents).toBe(3_300 - 1_000);
      // History, not news: no message, proposal or refusal queued for the customer.
      expect(await db.$count(jobs)).toBe(jobsBefore);

      // Run again (as after an interruption): every record is held at its version, nothing is written twice.
      const again = await outcomes();
      expect(again.messages).toEqual(['stale', 'unchanged', 'invalid_line']);
      expect(again.payments).toEqual(['unchanged', 'unknown_bill', 'invalid_line']);
      expect(await rows()).toEqual(loaded);
    },
  );

  it('refuses a CSV file of a kind CSV does not hold, before any line', async () => {
    await expect(load('payments', file('payments', ['extKey,version', 'PAY-60,1'], 'csv'))).rejects.toThrow(
      'payments load from NDJSON',
    );
  });
});

/** A database the CLI can open in its own process: a PGlite folder or a PostgreSQL database. */
async function cliDatabase(kind: DatabaseKind) {
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let remove: () => Promise<void>;
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(dir, 'pglite-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    open = () => openPglite(dataDir);
    remove = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const created = await newPostgresDatabase();
    env = { DATABASE_URL: created.url };
    open = () => openPostgres(created.url, 2, () => undefined);
    remove = created.drop;
  }
  const database = await open();
  await database.migrate();
  await insertFixture(database.db);
  await addEmptyBrand(database.db);
  await database.close();
  /** Opens the database for a moment (the CLI must not be running on a PGlite folder meanwhile). */
  const read = async <T>(f: (db: Db) => Promise<T>) => {
    const opened = await open();
    try {
      return await f(opened.db);
    } finally {
      await opened.close();
    }
  };
  return { env, read, remove };
}

/** Runs the CLI's load; with `killAfterFirstBatch`, SIGKILLs it as soon as a batch says it committed. */
function runCli(env: Record<string, string>, loadKind: string, target: string, killAfterFirstBatch = false) {
  return new Promise<{ out: string; killed: boolean }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/modules/integration/cli.ts',
        'load',
        loadKind,
        target,
        '--brand',
        EMPTY_BRAND,
        '--batch',
        '2',
      ],
      { cwd: serverDir, env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
    );
    let out = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (killAfterFirstBatch && !killed && out.includes('committed through line')) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL' || code === 0) resolve({ out, killed });
      else reject(new Error(`the CLI ended with ${code}: ${out}`));
    });
  });
}

describe.each(databaseKinds)('the initial load CLI on %s', (kind) => {
  it(
    "reads a file named from where the command was run (npm runs it in server/, INIT_CWD is the caller's)",
    HANG_LIMIT,
    async () => {
      const customersFile = file('relative', [customer(1)]);
      const database = await cliDatabase(kind);
      try {
        // As `npm run integration -- load customers <name>` typed in the file's folder: npm sets INIT_CWD.
        const run = await runCli(
          { ...database.env, INIT_CWD: dir },
          'customers',
          path.basename(customersFile),
        );
        expect(run.out).toContain('created 1,');
      } finally {
        await database.remove();
      }
    },
  );

  it(
    'killed mid-file and run again, ends with exactly the rows of one uninterrupted run',
    HANG_LIMIT,
    async () => {
      const total = 120;
      const customersFile = file(
        'customers',
        Array.from({ length: total }, (_, i) => customer(i + 1)),
      );
      const billsFile = file(
        'bills',
        Array.from({ length: total }, (_, i) => bill(`B-${i + 1}`, `K-${i + 1}`)),
      );
      const interrupted = await cliDatabase(kind);
      const whole = await openTestDatabase(kind);
      try {
        const before = await interrupted.read(indexes);
        expect(before.setAside).toBe(0);
        const killed = await runCli(interrupted.env, 'customers', customersFile, true);
        expect(killed.killed).toBe(true);
        // A load into a new brand keeps every index and foreign key of the tables other brands share
        // (ADR 057): killed mid-file, as while it ran, their queries find each one there.
        expect(await interrupted.read(indexes)).toEqual(before);
        const partway = await interrupted.read((db) => db.$count(customers, sql`key like 'CU-nuo-%'`));
        // Killed after a batch committed and long before the 60th batch: mid-file.
        expect(partway).toBeGreaterThan(0);
        expect(partway).toBeLessThan(total);
        const resumed = await runCli(interrupted.env, 'customers', customersFile);
        expect(resumed.out).toContain(`created ${total - partway}, updated 0, unchanged ${partway}`);
        expect((await runCli(interrupted.env, 'bills', billsFile, true)).killed).toBe(true);
        expect(await interrupted.read(indexes)).toEqual(before);
        const billsResumed = await runCli(interrupted.env, 'bills', billsFile);
        expect(billsResumed.out).toMatch(/unchanged [1-9]\d*, stale 0, refused 0/);
        expect(await interrupted.read(indexes)).toEqual(before);

        // One uninterrupted load of the same files, in this process.
        await insertFixture(whole.db);
        await addEmptyBrand(whole.db);
        const service = createServices(whole.db, testConfig()).serviceOf(
          integrationModule,
        ) as IntegrationService;
        for (const [loadKind, target] of [
          ['customers', customersFile],
          ['bills', billsFile],
        ] as const)
          await service.initialLoad.loadFile(loadKind, EMPTY_BRAND, target, {
            now: new Date(),
            batchLines: 2,
          });
        const expected = await digest(whole.db);
        // A customer, its contract, supply, bill and its 2 sections; 4 integration records.
        expect(expected.rows).toBe(total * 10);
        expect(await interrupted.read(digest)).toEqual(expected);
      } finally {
        await interrupted.remove();
        await whole.drop();
      }
    },
  );
});
