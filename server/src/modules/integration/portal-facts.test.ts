// What the portal shows of a customer that only the ERP knows (ADR 036 "Later"), on
// both databases: a home phone, a contract's direct debit, a supply's technical data and meter, a bill's
// installments and its PDF, each through the PUT and the NDJSON batch, as the customer's own calls then
// answer them; refusals (a bad IBAN, installments that do not add up or are misnumbered, a bad channel
// code, a file that is not a PDF or is too large, another brand's bill) and versions out of order.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { addDays, romeWallClock, todayInRome } from '@sportello/domain';
import { userRow } from '@sportello/demo/world';
import {
  contracts,
  customers,
  documents,
  installments,
  invoices,
  meterGroups,
  paymentClaims,
  payments,
  supplies,
  users,
} from '@sportello/db/schema';
import { call, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { recordCalls } from '../../../test/integration-records.js';
import { safePdf } from '../../integrations/files/safe-files.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';
import { samplePdf } from '../../../test/sample-files.js';

const ERP = 'portalapi/Erp/v1';
const PDF_PATH = '/services/rest/integration/v1/brands';
const IBAN = 'IT60X0542811101000000123456';

const supply = (n: number) => ({
  extKey: `POD-F${n}`,
  commodity: 'electricity',
  pointCode: `IT001E0000F${n}`,
  address: 'Via Roma 1',
  postalCode: '20121',
  locality: 'Milano',
  province: 'MI',
  activationDate: '2025-01-01',
  technicalData: { contractualPowerKw: 4.5, voltage: 'Bassa tensione', meterClass: 'Contatore 2G' },
  meter: {
    serial: `E000${n}`,
    fullCapacityStartDate: '2025-06-01',
    channels: [
      { code: 'F1', unit: 'kWh' },
      { code: 'F2', unit: 'kWh' },
      { code: 'F3', unit: 'kWh' },
    ],
  },
});

const customer = (n: number, version = 1) => ({
  version,
  customerCode: `F-${n}`,
  customerType: 'private',
  name: `Cliente Fatti ${n}`,
  phoneHome: '02 7654321',
  contracts: [
    {
      extKey: `K-F${n}`,
      number: `CTR-F${n}`,
      name: 'Luce casa',
      startDate: '2025-01-01',
      directDebit: {
        iban: IBAN,
        bic: 'BPMOIT22XXX',
        holderName: `Cliente Fatti ${n}`,
        holderFiscalCode: 'RSSMRA80A01H501U',
      },
      supplies: [supply(n)],
    },
  ],
});

const today = todayInRome(new Date());

/** A bill of 9,000 in three installments: the first paid, the next two to come (none overdue). */
const bill = (contractExtKey: string, version = 1) => ({
  version,
  contractExtKey,
  number: `2026/F-${contractExtKey}`,
  issueDate: addDays(today, -40),
  // Its own due date has passed: in installments, the bill is due by its last one.
  dueDate: addDays(today, -20),
  sections: [{ title: 'Energia', lines: [{ label: 'F1', amountCents: 9_000 }], totalCents: 9_000 }],
  installments: [
    { number: 1, dueDate: addDays(today, -20), amountCents: 3_000, paidOn: addDays(today, -21) },
    { number: 2, dueDate: addDays(today, 10), amountCents: 3_000 },
    { number: 3, dueDate: addDays(today, 40), amountCents: 3_000 },
  ],
});

describe.each(databaseKinds)('what the portal shows, from the ERP, on %s', (kind) => {
  const ctx = useTestApp(kind);
  const bearer = (brands = ['sga']) =>
    createTokenKeys(ctx.db).sign(
      { clientId: 'cli_portalfacts0000000', scopes: ['crm:write', 'billing:write'], brands },
      600,
      new Date(),
    );
  const { put, batch, outcome, refusal } = recordCalls(ctx, () => bearer());
  const mes = recordCalls(ctx, () => bearer(['mes']), 'mes');
  const putPdf = async (extKey: string, payload: Buffer, brand = 'sga') =>
    ctx.app.inject({
      method: 'PUT',
      url: `${PDF_PATH}/${brand}/bills/${extKey}/pdf`,
      headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/pdf' },
      payload,
    });

  /** A portal user of the customer loaded as `code`, logged in: the customer's own calls. */
  async function portalUserOf(code: string) {
    const [holder] = await ctx.db.select().from(customers).where(eq(customers.customerCode, code));
    const [mario] = await ctx.db.select().from(users).where(eq(users.username, 'mario'));
    const username = `utente-${code.toLowerCase()}`;
    await ctx.db.insert(users).values(
      userRow({
        key: `USR-${username}`,
        companyCode: 'sga',
        username,
        passwordHash: mario!.passwordHash,
        customerId: holder!.id,
      }),
    );
    const sessionId = await loginAs(ctx.app, username);
    return {
      customer: holder!,
      get: async (path: string) => {
        const res = await call(ctx.app, 'GET', `${ERP}/${path}`, { sessionId });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data;
      },
    };
  }

  it("loads a customer's home phone, mandate, technical data and meter; the customer's pages show them", async () => {
    expect(outcome(await put('customers/C-F1', customer(1)))).toBe('created');
    const portal = await portalUserOf('F-1');
    const [contract] = await ctx.db.select().from(contracts).where(eq(contracts.key, 'CT-sga-K-F1'));
    const [loaded] = await ctx.db.select().from(supplies).where(eq(supplies.extKey, 'POD-F1'));

    expect((await portal.get(`customers/${portal.customer.key}`)).account.phoneHome).toBe('02 7654321');
    expect((await portal.get(`contracts/${contract!.key}`)).banking).toMatchObject({
      maskedIban: 'IT•• •••• … 3456',
      bic: 'BPMOIT22XXX',
      holderName: 'Cliente Fatti 1',
      holderFiscalCode: 'RSSMRA80A01H501U',
      state: null,
    });
    expect((await portal.get(`supplies/${loaded!.key}?includeTechnicalData=true`)).technicalData).toEqual({
      contractualPowerKw: 4.5,
      voltage: 'Bassa tensione',
      meterClass: 'Contatore 2G',
    });
    expect(await portal.get(`metering/describeMeterGroup?supplyKey=${loaded!.key}`)).toEqual({
      meterSerial: 'E0001',
      fullCapacityStartDate: '2025-06-01',
      Misure: {
        Misura: [
          { ChannelTypeCode: 'F1', unit: 'kWh' },
          { ChannelTypeCode: 'F2', unit: 'kWh' },
          { ChannelTypeCode: 'F3', unit: 'kWh' },
        ],
      },
    });

    // A newer version without a mandate, a meter or technical data takes them away…
    const bare = customer(1, 3);
    const [first] = bare.contracts;
    const without = {
      ...bare,
      contracts: [
        {
          ...first!,
          directDebit: null,
          supplies: [{ ...supply(1), technicalData: null, meter: null }],
        },
      ],
    };
    expect(outcome(await put('customers/C-F1', without))).toBe('updated');
    expect((await portal.get(`contracts/${contract!.key}`)).banking).toBeNull();
    expect(await ctx.db.$count(meterGroups, eq(meterGroups.supplyId, loaded!.id))).toBe(0);
    const [after] = await ctx.db.select().from(supplies).where(eq(supplies.id, loaded!.id));
    expect(after!.technicalData).toBeNull();
    // …an older one brings nothing back…
    expect(outcome(await put('customers/C-F1', customer(1, 2)))).toBe('stale');
    expect(await ctx.db.$count(meterGroups, eq(meterGroups.supplyId, loaded!.id))).toBe(0);
    // …and a newer one with a meter writes it again, the same row replaced on the next.
    expect(outcome(await put('customers/C-F1', customer(1, 4)))).toBe('updated');
    const moved = customer(1, 5);
    moved.contracts[0]!.supplies[0]!.meter.serial = 'E9999';
    expect(outcome(await put('customers/C-F1', moved))).toBe('updated');
    const meters = await ctx.db.select().from(meterGroups).where(eq(meterGroups.supplyId, loaded!.id));
    expect(meters.map((m) => m.meterSerial)).toEqual(['E9999']);
  });

  it('loads the same facts from an NDJSON batch, refusing a bad IBAN, BIC, fiscal code or channel code per line', async () => {
    const withMandate = (n: number, directDebit: object) => {
      const c = customer(n);
      return { extKey: `C-F${n}`, ...c, contracts: [{ ...c.contracts[0]!, directDebit }] };
    };
    const mandate = customer(0).contracts[0]!.directDebit;
    const badChannel = { extKey: 'C-F15', ...customer(15) };
    badChannel.contracts[0]!.supplies[0]!.meter.channels = [{ code: 'f1', unit: 'kWh' }];
    const res = await batch('customers', [
      { extKey: 'C-F10', ...customer(10) },
      withMandate(11, { ...mandate, iban: 'IT61X0542811101000000123456' }),
      withMandate(12, { ...mandate, iban: 'US64SVBKUS6S3300958879' }),
      withMandate(13, { ...mandate, bic: 'NOTABIC' }),
      withMandate(14, { ...mandate, holderFiscalCode: 'RSSMRA80' }),
      badChannel,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { results, counts } = res.json().data;
    expect(counts).toMatchObject({ created: 1, refused: 5 });
    expect(results[1]).toMatchObject({
      code: 'invalid_input',
      errors: [
        {
          field: 'contracts.0.directDebit.iban',
          code: 'iban_wrong_check_digits',
          message:
            'IBAN non valido: le cifre di controllo non corrispondono. Ricontrolla di averlo copiato per intero e senza errori.',
        },
      ],
    });
    expect(results[2].errors).toEqual([
      {
        field: 'contracts.0.directDebit.iban',
        code: 'iban_not_sepa',
        message: expect.stringContaining('area SEPA'),
      },
    ]);
    expect(results[3].errors).toEqual([
      { field: 'contracts.0.directDebit.bic', code: 'invalid_bic', message: 'BIC non valido' },
    ]);
    expect(results[4].errors).toEqual([
      {
        field: 'contracts.0.directDebit.holderFiscalCode',
        code: 'invalid_holder_fiscal_code',
        message: "Codice fiscale dell'intestatario non valido",
      },
    ]);
    expect(results[5].errors[0].field).toBe('contracts.0.supplies.0.meter.channels.0.code');
    // Nothing of a refused line is kept.
    expect(await ctx.db.$count(customers, eq(customers.customerCode, 'F-11'))).toBe(0);
    // The batch's row is the PUT's.
    const [fromBatch] = await ctx.db.select().from(contracts).where(eq(contracts.key, 'CT-sga-K-F10'));
    expect(fromBatch!.banking).toEqual({
      iban: IBAN,
      bic: 'BPMOIT22XXX',
      holderName: 'Cliente Fatti 10',
      holderFiscalCode: 'RSSMRA80A01H501U',
      state: null,
    });
    // The IBAN check is the portal's: a PUT is refused with 422 and the field.
    const refused = await put(
      'customers/C-F11',
      withMandate(11, { ...mandate, iban: 'IT61X0542811101000000123456' }),
    );
    refusal(refused, 'invalid_input');
  });

  it("loads a bill's installments: what is owed and by when, on the bill's page and the installments page", async () => {
    await put('customers/C-F20', customer(20));
    const portal = await portalUserOf('F-20');
    expect(outcome(await put('bills/B-F20', bill('K-F20')))).toBe('created');
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.extKey, 'B-F20'));
    expect(row).toMatchObject({
      amountCents: 9_000,
      outstandingCents: 6_000,
      paymentLevel: 'Installments',
      dueDate: addDays(today, 40),
    });

    const page = await portal.get(`invoices/${row!.key}`);
    // Not overdue: the installment paid was on time and the others are to come.
    expect(page).toMatchObject({ paymentLevel: 'Installments', overdue: false, hasInstallments: true });
    const plan = await portal.get(`installments?invoiceId=${row!.key}`);
    expect(plan.toBePaidCents).toBe(6_000);
    expect(
      plan.installments.map((i: { number: number; toBePaid: boolean; status: number }) => [
        i.number,
        i.toBePaid,
        i.status,
      ]),
    ).toEqual([
      [1, false, 2],
      [2, true, 1],
      [3, true, 1],
    ]);
    // Paid at noon, Rome time, of the day the ERP says.
    expect(plan.installments[0].paidAt).toBe(romeWallClock(addDays(today, -21), 12).toISOString());
    const ids = plan.installments.map((i: { id: string }) => i.id);

    // A newer version replaces the plan, each installment kept by its number: the second paid now.
    const paidSecond = bill('K-F20', 2);
    paidSecond.installments[1] = { ...paidSecond.installments[1]!, paidOn: today };
    expect(outcome(await put('bills/B-F20', paidSecond))).toBe('updated');
    const replanned = await portal.get(`installments?invoiceId=${row!.key}`);
    expect(replanned.installments.map((i: { id: string }) => i.id)).toEqual(ids);
    expect(replanned.toBePaidCents).toBe(3_000);
    // An older version changes nothing.
    expect(outcome(await put('bills/B-F20', bill('K-F20', 1)))).toBe('stale');
    expect((await portal.get(`invoices/${row!.key}`)).outstandingCents).toBe(3_000);
    // A plan of two replaces one of three: the third goes.
    const two = {
      ...bill('K-F20', 3),
      installments: [
        { number: 1, dueDate: addDays(today, -20), amountCents: 4_500, paidOn: addDays(today, -21) },
        { number: 2, dueDate: addDays(today, 10), amountCents: 4_500 },
      ],
    };
    expect(outcome(await put('bills/B-F20', two))).toBe('updated');
    expect(await ctx.db.$count(installments, eq(installments.invoiceId, row!.id))).toBe(2);
    expect((await portal.get(`invoices/${row!.key}`)).outstandingCents).toBe(4_500);

    // While the customer is paying an installment at the gateway, a newer plan waits.
    const [open] = await ctx.db
      .insert(payments)
      .values({
        key: 'PAY-F20',
        customerId: portal.customer.id,
        gatewayId: 1,
        payKind: 'Installments',
        totalAmountCents: 4_500,
        items: [],
        status: 'Pending',
      })
      .returning();
    const [second] = await ctx.db
      .select()
      .from(installments)
      .where(and(eq(installments.invoiceId, row!.id), eq(installments.number, 2)));
    await ctx.db
      .insert(paymentClaims)
      .values({ paymentId: open!.id, invoiceId: row!.id, installmentId: second!.id });
    refusal(await put('bills/B-F20', { ...two, version: 4 }), 'installments_payment_open');
    await ctx.db.delete(paymentClaims).where(eq(paymentClaims.paymentId, open!.id));
    expect(outcome(await put('bills/B-F20', { ...two, version: 4 }))).toBe('updated');
  });

  it('refuses installments that do not add up to the bill or are misnumbered, by PUT and per line', async () => {
    await put('customers/C-F30', customer(30));
    const short = bill('K-F30');
    short.installments[2] = { ...short.installments[2]!, amountCents: 2_999 };
    refusal(await put('bills/B-F30', short), 'installments_total_mismatch');
    const res = await batch('bills', [
      { extKey: 'B-F31', ...short },
      { extKey: 'B-F32', ...bill('K-F30'), installments: [...bill('K-F30').installments].reverse() },
      { extKey: 'B-F33', ...bill('K-F30') },
      { extKey: 'B-F34', ...bill('K-F30'), number: '2026/F-K-F30-2', outstandingCents: 1_000 },
    ]);
    expect(res.json().data.results).toMatchObject([
      {
        line: 1,
        outcome: 'refused',
        code: 'installments_total_mismatch',
        message: 'La somma delle rate non è l’importo della bolletta (la somma delle sue sezioni).',
      },
      {
        line: 2,
        outcome: 'refused',
        code: 'installments_numbering',
        errors: [{ field: 'installments.0.number' }],
      },
      { line: 3, outcome: 'created' },
      { line: 4, outcome: 'created' },
    ]);
    expect(await ctx.db.$count(invoices, eq(invoices.extKey, 'B-F31'))).toBe(0);
    // Owed as the ERP says when it says so, else the unpaid installments.
    const [given] = await ctx.db.select().from(invoices).where(eq(invoices.extKey, 'B-F34'));
    expect(given).toMatchObject({ outstandingCents: 1_000, paymentLevel: 'Installments' });
    const [fromBatch] = await ctx.db.select().from(invoices).where(eq(invoices.extKey, 'B-F33'));
    expect(await ctx.db.$count(installments, eq(installments.invoiceId, fromBatch!.id))).toBe(3);
  });

  it("stores a bill's PDF, which the customer's download then serves; refuses what is not one, too much, or another brand's", async () => {
    await put('customers/C-F40', customer(40));
    await put('bills/B-F40', bill('K-F40'));
    const portal = await portalUserOf('F-40');
    const pdf = await samplePdf('Bolletta del sistema di fatturazione');
    // Before the ERP sends one, the bill already has its document: the portal draws the PDF.
    const [loaded] = await ctx.db.select().from(invoices).where(eq(invoices.extKey, 'B-F40'));
    const before = await portal.get(`invoices/${loaded!.key}`);
    expect(before.documentId).not.toBeNull();
    const drawn = await portal.get(`documents/${before.documentId}`);
    expect(Buffer.from(drawn.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.from(drawn.data, 'base64').equals(pdf)).toBe(false);

    const stored = await putPdf('B-F40', pdf);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().data).toEqual({ extKey: 'B-F40', outcome: 'created', version: 1 });
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.extKey, 'B-F40'));
    const page = await portal.get(`invoices/${row!.key}`);
    expect(page.documentId).not.toBeNull();
    const download = await portal.get(`documents/${page.documentId}`);
    expect(download).toMatchObject({
      contentType: 'application/pdf',
      title: expect.stringContaining('Bolletta n. 2026/F-K-F40'),
    });
    // The ERP's own document, kept without what could act when the customer opens it (nothing, here).
    expect(Buffer.from(download.data, 'base64').equals(await safePdf(pdf))).toBe(true);

    // The same bytes again change nothing; others replace them, by the binary body or as JSON.
    expect((await putPdf('B-F40', pdf)).json().data.outcome).toBe('unchanged');
    const second = await samplePdf('Seconda versione');
    const asJson = await put('bills/B-F40/pdf', { contentBase64: second.toString('base64') });
    expect(outcome(asJson)).toBe('updated');
    expect(
      Buffer.from((await portal.get(`documents/${page.documentId}`)).data, 'base64').equals(
        await safePdf(second),
      ),
    ).toBe(true);
    // Kept as given: not drawn, so not forgotten when the bill is paid.
    const [document] = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.id, Number(page.documentId)));
    expect(document).toMatchObject({ status: 'ready', generatedAt: null });

    refusal(await putPdf('B-F40', Buffer.from('<html>no</html>')), 'bill_pdf_invalid');
    refusal(await putPdf('B-F40', Buffer.from('%PDF-1.7\n<html>no</html>')), 'bill_pdf_invalid');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.7');
    // Past 5 MB, refused as it arrives (413) with its own code, however large.
    for (const tooLarge of [big, Buffer.alloc(8 * 1024 * 1024, 0x20)]) {
      const res = await putPdf('B-F40', tooLarge);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, message: MESSAGES.bill_pdf_too_large });
    }
    refusal(await putPdf('B-NOPE', pdf), 'unknown_bill');
    // Another brand's bill, under its own key: unknown to this brand.
    await mes.put('customers/C-FM', { ...customer(41), customerCode: 'FM-1' });
    expect(mes.outcome(await mes.put('bills/B-FM', bill('K-F41')))).toBe('created');
    refusal(await putPdf('B-FM', pdf), 'unknown_bill');
    expect(
      Buffer.from((await portal.get(`documents/${page.documentId}`)).data, 'base64').equals(
        await safePdf(second),
      ),
    ).toBe(true);
  });
});
