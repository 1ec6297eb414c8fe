// Nothing wrong gets in (ADR 051), on both databases: each refusal of a record's own fields or of what
// the brand already holds answers its code and the field's path, through the PUT, the NDJSON batch and
// the initial load's file where the kind has them; an overpayment is kept as the customer's credit; a
// PDF or a batch past its size has its own code; concurrent first loads of one key answer one `created`, and of one POD
// under different customers one `created`, the others `point_code_taken`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, type MessageCode } from '@sportello/contract';
import {
  collectedPayments,
  contracts,
  integrationEvents,
  integrationRecords,
  invoices,
  messages,
  supplies,
} from '@sportello/db/schema';
import { call, loginAs, testConfig, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { recordCalls } from '../../../test/integration-records.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';
import { createServices } from '../../wiring.js';
import { integrationModule } from './index.js';
import type { LoadKind } from './load-parse.js';
import type { IntegrationService } from './service.js';

const BRANDS = '/services/rest/integration/v1/brands';
const dir = mkdtempSync(path.join(tmpdir(), 'sportello-intake-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, unknown>;

const supplyOf = (n: number, extra: Json = {}) => ({
  extKey: `IRP-${n}`,
  commodity: 'electricity',
  pointCode: `IT001E7${String(n).padStart(7, '0')}`,
  address: 'Via Roma 1',
  postalCode: '20121',
  locality: 'Milano',
  province: 'MI',
  activationDate: '2025-01-01',
  ...extra,
});

const customer = (n: number, extra: Json = {}, supplies: Json[] = [supplyOf(n)]) => ({
  version: 1,
  customerCode: `IR-${n}`,
  customerType: 'private',
  name: `Cliente ${n}`,
  fiscalCode: 'BNCGLI80A41F205F',
  email: `cliente${n}@example.it`,
  phoneMobile: '333 1234567',
  contracts: [
    { extKey: `IRK-${n}`, number: `IR-${n}`, name: 'Luce casa', startDate: '2025-01-01', supplies },
  ],
  ...extra,
});

const bill = (n: number, extra: Json = {}) => ({
  version: 1,
  contractExtKey: 'IRK-1',
  number: `IR/2026/${n}`,
  issueDate: '2026-03-01',
  dueDate: '2026-03-21',
  sections: [{ title: 'Energia', lines: [{ label: 'F1', amountCents: 5_041 }], totalCents: 5_041 }],
  ...extra,
});

describe.each(databaseKinds)('what the intake refuses, on %s', (kind) => {
  const ctx = useTestApp(kind);
  const bearer = () =>
    createTokenKeys(ctx.db).sign(
      {
        clientId: 'cli_intaketest0000000000',
        scopes: ['billing:write', 'metering:write', 'crm:write'],
        brands: ['sga'],
      },
      600,
      new Date(),
    );
  const { put, batch, outcome } = recordCalls(ctx, () => bearer());

  /**
   * A PUT refused with `code`, naming `field` with `fieldCode` (the record's code when not given): 422,
   * or 400 for what the record's schema refuses before the load (`schema`).
   */
  const refused = (
    res: LightMyRequestResponse,
    code: MessageCode,
    field: string,
    fieldCode = code,
    schema = false,
  ) => {
    expect(res.statusCode, res.body).toBe(schema ? 400 : 422);
    const body = res.json();
    expect(body.message).toBe(MESSAGES[code]);
    expect(body.errors).toContainEqual(expect.objectContaining({ field, code: fieldCode }));
  };
  /** A batch's line refused the same way. */
  const lineRefused = (result: Json, code: MessageCode, field?: string, fieldCode = code) => {
    expect(result).toMatchObject({ outcome: 'refused', code, message: MESSAGES[code] });
    if (field) expect(result.errors).toContainEqual(expect.objectContaining({ field, code: fieldCode }));
  };
  const lines = async (path: string, records: unknown[]) => {
    const res = await batch(path, records);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.results as Json[];
  };
  /** The initial load of a file of these lines into sga: each line's result. */
  const loadFile = async (kindName: LoadKind, name: string, content: string | Buffer) => {
    const file = path.join(dir, `${kind}-${name}`);
    writeFileSync(file, content);
    const service = createServices(ctx.db, testConfig()).serviceOf(integrationModule) as IntegrationService;
    const results: Json[] = [];
    await service.initialLoad.loadFile(kindName, 'sga', file, {
      now: new Date(),
      onBatch: (batchResults) => results.push(...batchResults),
    });
    return results;
  };
  const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

  it("refuses an e-mail, mobile, home phone, fiscal code or VAT number the portal's checks refuse, each field with its code", async () => {
    const cases: [Json, string, MessageCode][] = [
      [{ email: 'mario@example' }, 'email', 'invalid_email'],
      [{ phoneMobile: '06 1234567' }, 'phoneMobile', 'invalid_mobile_phone'],
      [{ phoneHome: '12' }, 'phoneHome', 'invalid_phone'],
      [{ fiscalCode: 'BNCGLI80A41F205X' }, 'fiscalCode', 'invalid_fiscal_code'],
      [{ vatNumber: '01234567890' }, 'vatNumber', 'invalid_vat_number'],
    ];
    for (const [extra, field, code] of cases)
      refused(await put('customers/IR-10', customer(10, extra)), 'invalid_input', field, code);
    const results = await lines(
      'customers',
      cases.map(([extra], i) => ({ extKey: `IR-1${i}`, ...customer(11 + i, extra) })),
    );
    cases.forEach(([, field, code], i) => lineRefused(results[i]!, 'invalid_input', field, code));
    const file = await loadFile(
      'customers',
      'contacts.ndjson',
      ndjson(cases.map(([extra], i) => ({ extKey: `IR-2${i}`, ...customer(21 + i, extra) }))),
    );
    cases.forEach(([, field, code], i) => lineRefused(file[i]!, 'invalid_input', field, code));
    // The same customer with good contacts loads.
    expect(outcome(await put('customers/IR-10', customer(10)))).toBe('created');
  });

  it('refuses zero-width characters and direction marks in names, and text that was not UTF-8', async () => {
    for (const mark of ['\u200B', '\u200D', '\u200E', '\u200F', '\uFEFF'])
      refused(
        await put('customers/IR-30', customer(30, { name: `Mario${mark} Rossi` })),
        'invalid_input',
        'name',
        'invisible_characters',
        true,
      );
    refused(
      await put('customers/IR-30', customer(30, { name: 'Caff\uFFFD Roma' })),
      'invalid_input',
      'name',
      'invalid_utf8',
      true,
    );
    // An NDJSON line with a byte that is not UTF-8 (Latin-1's é), beside a good line.
    const good = JSON.stringify({ extKey: 'IR-31', ...customer(31) });
    const bad = Buffer.concat([
      Buffer.from(JSON.stringify({ extKey: 'IR-32', ...customer(32, { name: 'Caff#' }) }).split('#')[0]!),
      Buffer.from([0xe9]),
      Buffer.from(JSON.stringify({ extKey: 'IR-32', ...customer(32, { name: 'Caff#' }) }).split('#')[1]!),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${BRANDS}/sga/customers`,
      headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/x-ndjson' },
      payload: Buffer.concat([Buffer.from(`${good}\n`), bad, Buffer.from('\n')]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json().data.results;
    expect(first.outcome).toBe('created');
    lineRefused(second, 'invalid_utf8');
    const file = await loadFile(
      'customers',
      'latin1.ndjson',
      Buffer.concat([bad, Buffer.from('\n'), Buffer.from(ndjson([{ extKey: 'IR-33', ...customer(33) }]))]),
    );
    lineRefused(file[0]!, 'invalid_utf8');
    expect(file[1]).toMatchObject({ outcome: 'created' });
    const rtl = await lines('customers', [{ extKey: 'IR-34', ...customer(34, { lastName: 'Rossi\u200F' }) }]);
    lineRefused(rtl[0]!, 'invalid_input', 'lastName', 'invisible_characters');
  });

  it('refuses a POD another customer of the brand is supplied on, by PUT, batch and file', async () => {
    expect(outcome(await put('customers/IR-40', customer(40)))).toBe('created');
    const onTheirs = (n: number) => customer(n, {}, [supplyOf(n, { pointCode: supplyOf(40).pointCode })]);
    const path0 = 'contracts.0.supplies.0.pointCode';
    refused(await put('customers/IR-41', onTheirs(41)), 'point_code_taken', path0);
    lineRefused(
      (await lines('customers', [{ extKey: 'IR-42', ...onTheirs(42) }]))[0]!,
      'point_code_taken',
      path0,
    );
    // In one file, a later line on an earlier line's point too.
    const file = await loadFile(
      'customers',
      'points.ndjson',
      ndjson([
        { extKey: 'IR-43', ...onTheirs(43) },
        { extKey: 'IR-44', ...customer(44) },
        { extKey: 'IR-45', ...customer(45, {}, [supplyOf(45, { pointCode: supplyOf(44).pointCode })]) },
      ]),
    );
    lineRefused(file[0]!, 'point_code_taken', path0);
    expect(file[1]).toMatchObject({ outcome: 'created' });
    lineRefused(file[2]!, 'point_code_taken', path0);
    // After the first supply ended, the point may be another customer's from the next day.
    expect(
      outcome(
        await put('customers/IR-40', {
          ...customer(40, {}, [supplyOf(40, { deactivationDate: '2026-01-31' })]),
          version: 2,
        }),
      ),
    ).toBe('updated');
    expect(
      outcome(
        await put(
          'customers/IR-41',
          customer(41, {}, [
            supplyOf(41, { pointCode: supplyOf(40).pointCode, activationDate: '2026-01-31' }),
          ]),
        ),
      ),
    ).toBe('created');
    expect(await ctx.db.$count(supplies, eq(supplies.pointCode, supplyOf(40).pointCode))).toBe(2);
  });

  it('keeps a supply a newer version leaves out, so a new supply on its POD is refused until the old one ends', async () => {
    expect(outcome(await put('customers/IR-50', customer(50)))).toBe('created');
    // Version 2 re-keys the supply: the old one is left out, not ended, and the POD would be twice.
    const rekeyed = { ...customer(50, {}, [supplyOf(50, { extKey: 'IRP-50-NEW' })]), version: 2 };
    const path0 = 'contracts.0.supplies.0.pointCode';
    refused(await put('customers/IR-50', rekeyed), 'point_code_duplicated', path0);
    lineRefused(
      (await lines('customers', [{ extKey: 'IR-50', ...rekeyed }]))[0]!,
      'point_code_duplicated',
      path0,
    );
    lineRefused(
      (await loadFile('customers', 'rekeyed.ndjson', ndjson([{ extKey: 'IR-50', ...rekeyed }])))[0]!,
      'point_code_duplicated',
      path0,
    );
    // Within one record too: two supplies on one POD over the same days.
    const twice = customer(51, {}, [supplyOf(51), supplyOf(51, { extKey: 'IRP-51-B' })]);
    refused(await put('customers/IR-51', twice), 'point_code_duplicated', 'contracts.0.supplies.1.pointCode');
    expect(await ctx.db.$count(supplies, eq(supplies.pointCode, supplyOf(50).pointCode))).toBe(1);
    // Ending the old supply in the same version lets the new one in; left out later, it stays ended.
    const ended = supplyOf(50, { deactivationDate: '2026-02-28' });
    const successor = supplyOf(50, { extKey: 'IRP-50-NEW', activationDate: '2026-03-01' });
    expect(
      outcome(await put('customers/IR-50', { ...customer(50, {}, [ended, successor]), version: 3 })),
    ).toBe('updated');
    expect(outcome(await put('customers/IR-50', { ...customer(50, {}, [successor]), version: 4 }))).toBe(
      'updated',
    );
    const kept = await ctx.db
      .select()
      .from(supplies)
      .where(eq(supplies.pointCode, supplyOf(50).pointCode));
    expect(kept.map((s) => [s.extKey, s.deactivationDate]).sort()).toEqual([
      ['IRP-50', '2026-02-28'],
      ['IRP-50-NEW', null],
    ]);
  });

  it('refuses an offer of another commodity than its supply', async () => {
    const offer = {
      version: 1,
      name: 'Gas Web',
      commodity: 'gas',
      priceType: 'Fisso',
      prices: [{ label: 'Gas', milliEuro: 900, unit: 'Smc' }],
    };
    expect(outcome(await put('offers/IR-GAS-WEB', offer))).toBe('created');
    const onGasOffer = (n: number) => customer(n, {}, [supplyOf(n, { offerExtKey: 'IR-GAS-WEB' })]);
    const field = 'contracts.0.supplies.0.offerExtKey';
    refused(await put('customers/IR-60', onGasOffer(60)), 'offer_commodity_mismatch', field);
    lineRefused(
      (await lines('customers', [{ extKey: 'IR-61', ...onGasOffer(61) }]))[0]!,
      'offer_commodity_mismatch',
      field,
    );
    lineRefused(
      (await loadFile('customers', 'offers.ndjson', ndjson([{ extKey: 'IR-62', ...onGasOffer(62) }])))[0]!,
      'offer_commodity_mismatch',
      field,
    );
  });

  it('refuses a bill number already used, a bill due before its issue, and a negative bill that is no credit note', async () => {
    expect(outcome(await put('customers/IR-1', customer(1)))).toBe('created');
    expect(outcome(await put('bills/IR-B1', bill(1)))).toBe('created');
    // A newer version of the same bill keeps its number.
    expect(outcome(await put('bills/IR-B1', { ...bill(1), version: 2 }))).toBe('updated');
    refused(await put('bills/IR-B2', bill(1)), 'bill_number_taken', 'number');
    const fromBatch = await lines('bills', [
      { extKey: 'IR-B3', ...bill(1) },
      { extKey: 'IR-B4', ...bill(4, { dueDate: '2026-02-28' }) },
      {
        extKey: 'IR-B5',
        ...bill(5, {
          sections: [{ title: 'Rimborso', lines: [{ label: 'x', amountCents: -500 }], totalCents: -500 }],
        }),
      },
    ]);
    lineRefused(fromBatch[0]!, 'bill_number_taken', 'number');
    lineRefused(fromBatch[1]!, 'bill_due_before_issue', 'dueDate');
    lineRefused(fromBatch[2]!, 'bill_negative_not_credit_note', 'invoiceTypeCode');
    refused(await put('bills/IR-B4', bill(4, { dueDate: '2026-02-28' })), 'bill_due_before_issue', 'dueDate');
    // The file: a number the brand holds, and a number twice in the file.
    const file = await loadFile(
      'bills',
      'bills.ndjson',
      ndjson([
        { extKey: 'IR-B6', ...bill(1) },
        { extKey: 'IR-B7', ...bill(7) },
        { extKey: 'IR-B8', ...bill(7) },
      ]),
    );
    lineRefused(file[0]!, 'bill_number_taken', 'number');
    expect(file[1]).toMatchObject({ outcome: 'created' });
    lineRefused(file[2]!, 'bill_number_taken', 'number');
    // A credit note may be negative.
    const credit = bill(9, {
      invoiceTypeCode: 4,
      sections: [{ title: 'Rimborso', lines: [{ label: 'x', amountCents: -500 }], totalCents: -500 }],
    });
    expect(outcome(await put('bills/IR-B9', credit))).toBe('created');
    expect(await ctx.db.$count(invoices, eq(invoices.number, 'IR/2026/1'))).toBe(1);
  });

  it('writes a bill whose energy line contradicts its offer box, with a warning on the line and an event', async () => {
    const offer = {
      version: 1,
      name: 'Luce Fissa',
      commodity: 'electricity',
      priceType: 'Fisso',
      prices: [
        { label: 'Quota energia', milliEuro: 118, unit: 'kWh' },
        { label: 'Quota fissa', milliEuro: 9_000, unit: 'month' },
      ],
    };
    expect(outcome(await put('offers/IR-LUCE-FISSA', offer))).toBe('created');
    const onOffer = customer(110, {}, [supplyOf(110, { offerExtKey: 'IR-LUCE-FISSA' })]);
    expect(outcome(await put('customers/IR-110', onOffer))).toBe('created');
    // 400 kWh at the box's 0,118 €/kWh is 47,20 €; the ERP bills 52,80 € (0,132 €/kWh).
    const billed = (n: number, energyCents: number) =>
      bill(n, {
        contractExtKey: 'IRK-110',
        sections: [
          {
            title: 'Spesa per la materia energia',
            lines: [
              { label: 'Quota energia marzo 2026', units: 400, amountCents: energyCents },
              { label: 'Quota fissa', quantity: '1 mese', amountCents: 900 },
            ],
            totalCents: energyCents + 900,
          },
        ],
      });
    const flagged = await put('bills/IR-B110', billed(110, 5_280));
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().data).toMatchObject({
      outcome: 'created',
      warnings: [
        {
          field: 'sections.0.lines.0.amountCents',
          code: 'bill_line_offer_mismatch',
          message: MESSAGES.bill_line_offer_mismatch,
        },
      ],
    });
    expect(await ctx.db.$count(invoices, eq(invoices.extKey, 'IR-B110'))).toBe(1);
    const events = async () =>
      ctx.db.select().from(integrationEvents).where(eq(integrationEvents.kind, 'bill.offerMismatch'));
    const [event] = await events();
    expect(event!.payload).toMatchObject({
      billExtKey: 'IR-B110',
      invoiceNumber: 'IR/2026/110',
      offerExtKey: 'IR-LUCE-FISSA',
      milliEuro: 118,
      lines: [
        {
          field: 'sections.0.lines.0.amountCents',
          label: 'Quota energia marzo 2026',
          units: 400,
          amountCents: 5_280,
          expectedCents: 4_720,
        },
      ],
    });
    // A replay says nothing again; a bill at the box's price, by batch, has no warning and no event.
    expect((await put('bills/IR-B110', billed(110, 5_280))).json().data.warnings).toBeUndefined();
    const fine = await lines('bills', [
      { extKey: 'IR-B111', ...billed(111, 4_720) },
      { extKey: 'IR-B112', ...billed(112, 6_000) },
    ]);
    expect(fine[0]).toMatchObject({ outcome: 'created' });
    expect(fine[0]!.warnings).toBeUndefined();
    expect(fine[1]).toMatchObject({
      outcome: 'created',
      warnings: [expect.objectContaining({ code: 'bill_line_offer_mismatch' })],
    });
    expect((await events()).map((e) => (e.payload as Json).billExtKey).sort()).toEqual([
      'IR-B110',
      'IR-B112',
    ]);
  });

  it("refuses a curve on a gas supply's PDR", async () => {
    const gas = customer(70, {}, [supplyOf(70, { commodity: 'gas', pointCode: '00880000007070' })]);
    expect(outcome(await put('customers/IR-70', gas))).toBe('created');
    const curve = {
      version: 1,
      supplyExtKey: 'IRP-70',
      day: '2026-03-10',
      resolution: 'PT60M',
      quantities: Array.from({ length: 24 }, () => 100),
    };
    refused(await put('curves/IRP-70-2026-03-10', curve), 'curve_on_gas', 'supplyExtKey');
    lineRefused(
      (await lines('curves', [{ extKey: 'IRP-70-2026-03-11', ...curve, day: '2026-03-11' }]))[0]!,
      'curve_on_gas',
      'supplyExtKey',
    );
    lineRefused(
      (
        await loadFile(
          'curves',
          'curves.ndjson',
          ndjson([{ extKey: 'IRP-70-2026-03-12', ...curve, day: '2026-03-12' }]),
        )
      )[0]!,
      'curve_on_gas',
      'supplyExtKey',
    );
  });

  it('refuses a curve on a district-heating supply, as on a gas PDR', async () => {
    const heat = customer(71, {}, [supplyOf(71, { commodity: 'heat', pointCode: 'TLR-MI-0071' })]);
    expect(outcome(await put('customers/IR-71', heat))).toBe('created');
    const curve = {
      version: 1,
      supplyExtKey: 'IRP-71',
      day: '2026-03-10',
      resolution: 'PT60M',
      quantities: Array.from({ length: 24 }, () => 100),
    };
    refused(await put('curves/IRP-71-2026-03-10', curve), 'curve_on_heat', 'supplyExtKey');
    lineRefused(
      (await lines('curves', [{ extKey: 'IRP-71-2026-03-11', ...curve, day: '2026-03-11' }]))[0]!,
      'curve_on_heat',
      'supplyExtKey',
    );
    lineRefused(
      (
        await loadFile(
          'curves',
          'heat-curves.ndjson',
          ndjson([{ extKey: 'IRP-71-2026-03-12', ...curve, day: '2026-03-12' }]),
        )
      )[0]!,
      'curve_on_heat',
      'supplyExtKey',
    );
  });

  it("keeps a payment beyond what the bill owes as the customer's credit: paid, the excess answered and told once", async () => {
    expect(outcome(await put('customers/IR-80', customer(80)))).toBe('created');
    expect(outcome(await put('bills/IR-B80', bill(80, { contractExtKey: 'IRK-80' })))).toBe('created');
    const payment = (version: number, extra: Json = {}) => ({
      version,
      billExtKey: 'IR-B80',
      amountCents: 999_999,
      collectedOn: '2026-03-15',
      channel: 'bank',
      ...extra,
    });
    const first = await put('payments/IR-PAY-80', payment(1));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ outcome: 'created', creditCents: 999_999 - 5_041 });
    const owed = async () =>
      (await ctx.db.select().from(invoices).where(eq(invoices.extKey, 'IR-B80'))).map((b) => [
        b.outstandingCents,
        b.paymentLevel,
      ])[0];
    expect(await owed()).toEqual([0, 'Paid']);
    const [kept] = await ctx.db
      .select()
      .from(collectedPayments)
      .where(eq(collectedPayments.extKey, 'IR-PAY-80'));
    expect(kept).toMatchObject({ appliedCents: 5_041, excessCents: 994_958 });
    const customerIdOf = async () =>
      (await ctx.db.select().from(invoices).where(eq(invoices.extKey, 'IR-B80')))[0]!.customerId;
    const tellings = async () =>
      ctx.db.$count(
        messages,
        and(
          eq(messages.title, 'Pagamento superiore al dovuto'),
          eq(messages.customerId, await customerIdOf()),
        ),
      );
    expect(await tellings()).toBe(1);
    const [message] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.title, 'Pagamento superiore al dovuto'));
    expect(message!.body).toContain('9.949,58');
    // A replay answers the same, and tells nobody again; the batch answers the credit per line too.
    expect((await put('payments/IR-PAY-80', payment(1))).json().data.outcome).toBe('unchanged');
    const returned = await lines('payments', [{ extKey: 'IR-PAY-80', ...payment(2, { returned: true }) }]);
    expect(returned[0]).toMatchObject({ outcome: 'updated' });
    expect(returned[0]!.creditCents).toBeUndefined();
    expect(await owed()).toEqual([5_041, 'Unpaid']);
    const again = await lines('payments', [{ extKey: 'IR-PAY-81', ...payment(1, { amountCents: 6_000 }) }]);
    expect(again[0]).toMatchObject({ outcome: 'created', creditCents: 959 });
    expect(await tellings()).toBe(2);
  });

  it('answers a PDF past 5 MB and a batch past 8 MB with their own codes', async () => {
    expect(outcome(await put('customers/IR-90', customer(90)))).toBe('created');
    expect(outcome(await put('bills/IR-B90', bill(90, { contractExtKey: 'IRK-90' })))).toBe('created');
    const sixMegabytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const asPdf = await ctx.app.inject({
      method: 'PUT',
      url: `${BRANDS}/sga/bills/IR-B90/pdf`,
      headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/pdf' },
      payload: sixMegabytes,
    });
    expect(asPdf.statusCode, asPdf.body).toBe(413);
    expect(asPdf.json().message).toBe(MESSAGES.bill_pdf_too_large);
    const asJson = await put('bills/IR-B90/pdf', { contentBase64: sixMegabytes.toString('base64') });
    expect(asJson.statusCode, asJson.body).toBe(413);
    expect(asJson.json().message).toBe(MESSAGES.bill_pdf_too_large);
    const huge = await ctx.app.inject({
      method: 'POST',
      url: `${BRANDS}/sga/bills`,
      headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/x-ndjson' },
      payload: `${'x'.repeat(9 * 1024 * 1024)}\n`,
    });
    expect(huge.statusCode, huge.body).toBe(413);
    expect(huge.json().message).toBe(MESSAGES.batch_too_large);
  });

  it('answers a body that is not JSON, or of a type the call does not take, with its own code', async () => {
    const send = async (contentType: string, payload: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${BRANDS}/sga/customers/IR-97`,
        headers: { authorization: `Bearer ${await bearer()}`, 'content-type': contentType },
        payload,
      });
    const broken = await send('application/json', '{"request": {');
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().message).toBe(MESSAGES.invalid_json);
    const empty = await send('application/json', '');
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.invalid_json);
    const xml = await send('application/xml', '<request/>');
    expect(xml.statusCode, xml.body).toBe(415);
    expect(xml.json().message).toBe(MESSAGES.unsupported_media_type);
  });

  it("keeps bill keys per brand: another brand's key is neither refused as taken nor ever served", async () => {
    const both = () =>
      createTokenKeys(ctx.db).sign(
        {
          clientId: 'cli_intaketest0000000001',
          scopes: ['billing:write', 'crm:write'],
          brands: ['sga', 'mes'],
        },
        600,
        new Date(),
      );
    const calls = recordCalls(ctx, () => both());
    expect(calls.outcome(await calls.put('customers/IR-96', customer(96), 'mes'))).toBe('created');
    const shared = (contractExtKey: string, number: string) => bill(96, { contractExtKey, number });
    expect(calls.outcome(await calls.put('bills/IR-SHARED', shared('IRK-96', 'MES/1'), 'mes'))).toBe(
      'created',
    );
    // sga's ERP uses the same key for its own bill, on mario's contract.
    const [contract] = await ctx.db.select().from(contracts).where(eq(contracts.key, 'CTR-1'));
    await ctx.db.insert(integrationRecords).values({
      companyCode: 'sga',
      kind: 'contract',
      extKey: 'IR-K-MARIO',
      entityId: contract!.id,
      version: 0,
    });
    expect(calls.outcome(await calls.put('bills/IR-SHARED', shared('IR-K-MARIO', 'SGA/1'), 'sga'))).toBe(
      'created',
    );
    const both2 = await ctx.db.select().from(invoices).where(eq(invoices.extKey, 'IR-SHARED'));
    expect(both2.map((b) => [b.companyCode, b.number]).sort()).toEqual([
      ['mes', 'MES/1'],
      ['sga', 'SGA/1'],
    ]);
    // A newer version in one brand changes that brand's bill only.
    const newer = { ...shared('IR-K-MARIO', 'SGA/1'), version: 2, dueDate: '2026-03-31' };
    expect(calls.outcome(await calls.put('bills/IR-SHARED', newer, 'sga'))).toBe('updated');
    const [mesBill] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.extKey, 'IR-SHARED'), eq(invoices.companyCode, 'mes')));
    expect(mesBill!.dueDate).toBe('2026-03-21');
    // The portal's useExtKey never serves another brand's bill: mario (sga) reads his own by id, and by
    // the shared key is refused rather than shown mes's (the reach check's owner lookup is not per brand).
    const mario = await loginAs(ctx.app, 'mario');
    const [mine] = both2.filter((b) => b.companyCode === 'sga');
    const byId = await call(ctx.app, 'GET', `portalapi/Erp/v1/invoices/${mine!.id}`, { sessionId: mario });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().data.number).toBe('SGA/1');
    const byKey = await call(ctx.app, 'GET', 'portalapi/Erp/v1/invoices/IR-SHARED?useExtKey=true', {
      sessionId: mario,
    });
    expect(byKey.body).not.toContain('MES/1');
  });

  it('answers concurrent first loads of one new key with one `created`, the others `unchanged`; of one POD under different customers, one `created`', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => put('customers/IR-CONC', customer(95))),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const outcomes = answers.map((res) => res.json().data.outcome).sort();
    expect(outcomes).toEqual(['created', ...Array(7).fill('unchanged')]);
    // Eight different customers at once, each with its supply on one POD: one gets it, the others are
    // refused as on a POD already taken, and the brand holds one supply on it.
    const pod = 'IT001E79999999';
    const rivals = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        put(`customers/IR-POD-${i}`, customer(200 + i, {}, [supplyOf(200 + i, { pointCode: pod })])),
      ),
    );
    expect(rivals.map((res) => res.json().data?.outcome ?? res.json().message).sort()).toEqual([
      ...Array(7).fill(MESSAGES.point_code_taken),
      'created',
    ]);
    expect(await ctx.db.$count(supplies, eq(supplies.pointCode, pod))).toBe(1);
    const bills = await Promise.all(
      Array.from({ length: 8 }, () => put('bills/IR-B-CONC', bill(95, { contractExtKey: 'IRK-95' }))),
    );
    expect(bills.map((res) => res.json().data?.outcome).sort()).toEqual([
      'created',
      ...Array(7).fill('unchanged'),
    ]);
  });
});
