// A bill's electronic invoice, on both databases (ADR 067): the ERP loads the FatturaPA XML and the
// SdI identifier with the bill, by PUT and by NDJSON batch; what is not one FatturaPA invoice whose
// total is the bill's is refused with its code (not well formed, a DOCTYPE, another root, another
// total, too large); the customer downloads it beside the PDF, whose courtesy-copy line names the SdI
// identifier; a bill without one answers 404 in Italian; another customer's user is refused.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integration, MESSAGES } from '@sportello/contract';
import { addDays, courtesyCopyText, todayInRome, vatCheckDigit } from '@sportello/domain';
import { fatturaPaXml, userRow, type FatturaPaParty } from '@sportello/demo/world';
import { billEInvoices, customers, invoices, users } from '@sportello/db/schema';
import { call, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { recordCalls } from '../../../test/integration-records.js';
import { pdfText } from '../../../test/pdf-text.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const ERP = 'portalapi/Erp/v1';
const today = todayInRome(new Date());
const VAT = `0284619015${vatCheckDigit('0284619015')}`;
const SDI_ID = '11223344556';

const seller: FatturaPaParty = {
  name: 'Servizi Gas e Acqua S.p.A.',
  vatNumber: '01845230984',
  fiscalCode: '01845230984',
  address: { street: 'Via dei Mille 12', postalCode: '25121', town: 'Brescia', province: 'BS' },
};
const buyer: FatturaPaParty = {
  name: 'Officina Verdi S.r.l.',
  vatNumber: VAT,
  fiscalCode: VAT,
  address: { street: 'Via Torino 5', postalCode: '20123', town: 'Milano', province: 'MI' },
};

const customer = {
  version: 1,
  customerCode: 'EI-1',
  customerType: 'company',
  name: 'Officina Verdi S.r.l.',
  vatNumber: VAT,
  contracts: [
    {
      extKey: 'K-EI1',
      number: 'CTR-EI1',
      name: 'Luce officina',
      startDate: '2025-01-01',
      supplies: [
        {
          extKey: 'POD-EI1',
          commodity: 'electricity',
          pointCode: 'IT001E0000EI1',
          address: 'Via Torino 5',
          postalCode: '20123',
          locality: 'Milano',
          province: 'MI',
          activationDate: '2025-01-01',
        },
      ],
    },
  ],
};

const sections = [
  {
    title: 'Spesa per la materia energia',
    lines: [
      { label: 'Quota energia', amountCents: 10_000 },
      { label: 'Quota fissa', amountCents: 2_000 },
    ],
    totalCents: 12_000,
  },
  { title: 'IVA', lines: [{ label: 'IVA 22%', amountCents: 2_640 }], totalCents: 2_640 },
];
const AMOUNT = 14_640;

const bill = (number: string, eInvoice?: { sdiId?: string | null; xml: string }) => ({
  version: 1,
  contractExtKey: 'K-EI1',
  number,
  issueDate: addDays(today, -5),
  dueDate: addDays(today, 15),
  periodStart: addDays(today, -65),
  periodEnd: addDays(today, -6),
  sections,
  ...(eInvoice ? { eInvoice } : {}),
});
const xmlOf = (number: string, figures = sections) =>
  fatturaPaXml(
    {
      number,
      invoiceTypeCode: 1,
      issueDate: addDays(today, -5),
      periodStart: addDays(today, -65),
      periodEnd: addDays(today, -6),
      sections: figures,
    },
    seller,
    buyer,
  );

describe.each(databaseKinds)("a bill's electronic invoice, on %s", (kind) => {
  const ctx = useTestApp(kind);
  const bearer = () =>
    createTokenKeys(ctx.db).sign(
      { clientId: 'cli_einvoice000000000', scopes: ['crm:write', 'billing:write'], brands: ['sga'] },
      600,
      new Date(),
    );
  const { put, batch, outcome } = recordCalls(ctx, bearer);
  /** A refused bill: its code and the field it names. */
  const refusedWith = async (extKey: string, body: unknown, code: keyof typeof MESSAGES) => {
    const res = await put(`bills/${extKey}`, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: MESSAGES[code] });
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.extKey, extKey));
    expect(row).toBeUndefined();
  };

  let sessionId: string;
  const get = (path: string, session = sessionId) =>
    call(ctx.app, 'GET', `${ERP}/${path}`, { sessionId: session });
  const invoiceOf = async (extKey: string) =>
    (await ctx.db.select().from(invoices).where(eq(invoices.extKey, extKey)))[0]!;

  it('loads the XML and the SdI identifier with the bill; the customer downloads it beside the PDF', async () => {
    expect(outcome(await put('customers/C-EI1', customer))).toBe('created');
    const [holder] = await ctx.db.select().from(customers).where(eq(customers.customerCode, 'EI-1'));
    const [mario] = await ctx.db.select().from(users).where(eq(users.username, 'mario'));
    await ctx.db.insert(users).values(
      userRow({
        key: 'USR-officina',
        companyCode: 'sga',
        username: 'officina',
        passwordHash: mario!.passwordHash,
        customerId: holder!.id,
      }),
    );
    sessionId = await loginAs(ctx.app, 'officina');

    const xml = xmlOf('2026/EI/1');
    expect(outcome(await put('bills/B-EI1', bill('2026/EI/1', { sdiId: SDI_ID, xml })))).toBe('created');
    const invoice = await invoiceOf('B-EI1');
    expect(invoice.sdiId).toBe(SDI_ID);

    const detail = await get(`invoices/${invoice.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.eInvoice).toEqual({ sdiId: SDI_ID, xml: true });

    const download = await get(`invoices/${invoice.id}/einvoice`);
    expect(download.statusCode, download.body).toBe(200);
    const file = download.json().data;
    expect(file).toMatchObject({ contentType: 'application/xml', sdiId: SDI_ID });
    expect(file.fileName).toMatch(/^Bolletta n\. 2026-EI-1 del .+ - fattura elettronica\.xml$/);
    const downloaded = Buffer.from(file.data, 'base64').toString('utf8');
    expect(downloaded).toBe(xml);

    // One figure: the XML's total is the amount the API and the PDF give.
    const total = /<ImportoTotaleDocumento>([\d.]+)<\/ImportoTotaleDocumento>/.exec(downloaded)?.[1];
    expect(Math.round(Number(total) * 100)).toBe(AMOUNT);
    expect(detail.json().data.amountCents).toBe(AMOUNT);
    const document = await get(`documents/${invoice.documentId}`);
    expect(document.statusCode, document.body).toBe(200);
    const text = (await pdfText(Buffer.from(document.json().data.data, 'base64'))).replace(/\s+/g, ' ');
    expect(text).toContain(courtesyCopyText(SDI_ID));
    expect(text).toContain('146,40');
  });

  it('keeps the XML held when a newer version comes without one, and takes a newer one', async () => {
    expect(outcome(await put('bills/B-EI1', { ...bill('2026/EI/1'), version: 2 }))).toBe('updated');
    const invoice = await invoiceOf('B-EI1');
    expect(invoice.sdiId).toBe(SDI_ID);
    const [held] = await ctx.db.select().from(billEInvoices).where(eq(billEInvoices.invoiceId, invoice.id));
    expect(held?.xml).toBe(xmlOf('2026/EI/1'));
  });

  it('loads it through an NDJSON batch, a line refused on its own', async () => {
    const res = await batch('bills', [
      { extKey: 'B-EI2', ...bill('2026/EI/2', { xml: xmlOf('2026/EI/2') }) },
      { extKey: 'B-EI3', ...bill('2026/EI/3', { xml: '<FatturaElettronica>' }) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results;
    expect(results.map((r: { outcome: string; code?: string }) => r.code ?? r.outcome)).toEqual([
      'created',
      'bill_xml_invalid',
    ]);
    const loaded = await invoiceOf('B-EI2');
    expect(loaded.sdiId).toBeNull();
    const detail = await get(`invoices/${loaded.id}`);
    expect(detail.json().data.eInvoice).toEqual({ sdiId: null, xml: true });
  });

  it('refuses what is not one FatturaPA invoice of the bill, with its code', async () => {
    const number = '2026/EI/9';
    await refusedWith(
      'B-EI9',
      bill(number, { xml: '<p:FatturaElettronica xmlns:p="x"><a></b>' }),
      'bill_xml_invalid',
    );
    await refusedWith('B-EI9', bill(number, { xml: 'not xml at all' }), 'bill_xml_invalid');
    // Another root, or the right name outside FatturaPA's namespace.
    await refusedWith(
      'B-EI9',
      bill(number, { xml: xmlOf(number).replaceAll('p:FatturaElettronica', 'p:NotaSpese') }),
      'bill_xml_invalid',
    );
    await refusedWith(
      'B-EI9',
      bill(number, { xml: xmlOf(number).replace('fatture/v1.2', 'fatture/v9') }),
      'bill_xml_invalid',
    );
    // Entities are never expanded: a DOCTYPE is refused whatever it declares ("billion laughs").
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE p:FatturaElettronica [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>' +
      xmlOf(number)
        .replace(/^<\?xml[^>]*>\n/, '')
        .replace('<Numero>', '<Numero>&lol2;');
    await refusedWith('B-EI9', bill(number, { xml: laughs }), 'bill_xml_doctype');
    const external = `<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd">${xmlOf(number).replace(/^<\?xml[^>]*>\n/, '')}`;
    await refusedWith('B-EI9', bill(number, { xml: external }), 'bill_xml_doctype');
    // Its total is not the bill's.
    const other = [
      { ...sections[0]!, lines: [{ label: 'Quota energia', amountCents: 12_001 }], totalCents: 12_001 },
      sections[1]!,
    ];
    await refusedWith('B-EI9', bill(number, { xml: xmlOf(number, other) }), 'bill_xml_total_mismatch');
    // Past 1 MB: as the whole (multi-byte characters), or as the schema's field.
    const padded = xmlOf(number).replace(
      '<Numero>',
      `<!--${'è'.repeat(integration.BILL_XML_MAX_BYTES / 2)}--><Numero>`,
    );
    await refusedWith('B-EI9', bill(number, { xml: padded }), 'bill_xml_too_large');
    const long = await put(
      'bills/B-EI9',
      bill(number, { xml: 'x'.repeat(integration.BILL_XML_MAX_BYTES + 1) }),
    );
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ code: 'bill_xml_too_large' });
    // A SdI identifier is digits.
    const badId = await put('bills/B-EI9', bill(number, { sdiId: 'ABC', xml: xmlOf(number) }));
    expect(badId.statusCode, badId.body).toBe(400);
  });

  it('says in Italian that a bill has no electronic invoice yet', async () => {
    expect(outcome(await put('bills/B-EI4', bill('2026/EI/4')))).toBe('created');
    const invoice = await invoiceOf('B-EI4');
    expect((await get(`invoices/${invoice.id}`)).json().data.eInvoice).toEqual({ sdiId: null, xml: false });
    const res = await get(`invoices/${invoice.id}/einvoice`);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe(MESSAGES.einvoice_not_available);
    // Its PDF is still the courtesy copy, without an identifier.
    const document = await get(`documents/${invoice.documentId}`);
    const text = (await pdfText(Buffer.from(document.json().data.data, 'base64'))).replace(/\s+/g, ' ');
    expect(text).toContain(courtesyCopyText(null));
  });

  it("refuses another customer's user, and a request without a session", async () => {
    const invoice = await invoiceOf('B-EI1');
    const stranger = await loginAs(ctx.app, 'mario');
    expect((await get(`invoices/${invoice.id}/einvoice`, stranger)).statusCode).toBe(403);
    expect((await get(`invoices/${invoice.key}/einvoice`, stranger)).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${ERP}/invoices/${invoice.id}/einvoice`)).statusCode).toBe(401);
  });
});
