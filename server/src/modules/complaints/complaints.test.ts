// Complaints through the API: filing with its clock, attachments checked by content and size, bad input
// refused with nothing stored, the bill of another customer refused, the automatic compensation at
// each step, the bill's suspended collection and the PDF. The two clocks: clocks.test.ts; the
// logged-out form and lookup: guest.test.ts.
import { count, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addDays, complaintDueDates, todayInRome } from '@sportello/domain';
import { complaints } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { SAMPLE_PNG, samplePdf } from '../../../test/sample-files.js';

const ERP = 'portalapi/Erp/v1';
const PNG = SAMPLE_PNG.toString('base64');
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]).toString('base64');

const complaint = {
  supplyKey: 'SUP-1',
  category: 'contract',
  body: 'Le condizioni applicate non sono quelle firmate.',
  contactPreference: 'email',
};

let ip = 0;
const nextIp = () => `10.26.0.${++ip}`;

describe.each(databaseKinds)('complaints on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const file = (sessionId: string, body: object) =>
    call(ctx.app, 'POST', `${ERP}/complaints`, { sessionId, body, ip: nextIp() });
  const stored = async () => (await ctx.db.select({ n: count() }).from(complaints))[0]!.n;

  it('files a complaint with its due date, countdown and attachment, and lists it first', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await file(mario, { ...complaint, attachments: [{ fileName: 'contatore.png', data: PNG }] });
    expect(res.statusCode, res.body).toBe(200);
    const filed = res.json().data;
    expect(filed).toMatchObject({
      category: 'contract',
      categoryLabel: 'Contratto e offerta',
      state: 'open',
      supply: { key: 'SUP-1', pointCode: 'IT001E00000001' },
      invoice: null,
      dueDate: complaintDueDates('contract', new Date()).reply,
      rectification: null,
      daysLeft: 30,
      compensationCents: 0,
      suspendsCollection: false,
      attachments: [{ fileName: 'contatore.png', contentType: 'image/png' }],
    });
    expect(filed.key).toMatch(/^RCL-\d{4}-[0-9A-F]{6}$/);
    const list = await call(ctx.app, 'GET', `${ERP}/complaints?customerKey=CUS-MARIO`, { sessionId: mario });
    expect(list.json().data.complaints[0].key).toBe(filed.key);
    const one = await call(ctx.app, 'GET', `${ERP}/complaints/${filed.key}`, { sessionId: mario });
    expect(one.json().data.body).toBe(complaint.body);
    // The attachment is one of the customer's documents: the same picture, decoded and encoded again.
    const doc = await call(ctx.app, 'GET', `${ERP}/documents/${filed.attachments[0].documentId}`, {
      sessionId: mario,
    });
    const picture = await sharp(Buffer.from(doc.json().data.data, 'base64')).metadata();
    expect(picture).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('keeps an attached PDF without its JavaScript, and refuses a file that only begins like one', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const hostile = await PDFDocument.load(await samplePdf('Bolletta contestata'));
    hostile.catalog.set(
      PDFName.of('OpenAction'),
      hostile.context.obj({ S: 'JavaScript', JS: PDFString.of('app.launchURL("https://example.invalid")') }),
    );
    const bytes = Buffer.concat([await hostile.save(), Buffer.from('<html><script>x()</script></html>')]);
    const res = await file(mario, {
      ...complaint,
      attachments: [{ fileName: 'bolletta.pdf', data: bytes.toString('base64') }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = await call(ctx.app, 'GET', `${ERP}/documents/${res.json().data.attachments[0].documentId}`, {
      sessionId: mario,
    });
    const kept = Buffer.from(doc.json().data.data, 'base64');
    expect((await PDFDocument.load(kept)).getPageCount()).toBe(1);
    for (const needle of ['/JavaScript', '/OpenAction', '<html', '<script']) {
      expect(kept.toString('latin1')).not.toContain(needle);
    }
    const fake = Buffer.from('%PDF-1.7\n<html><body>pagina</body></html>').toString('base64');
    const refused = await file(mario, { ...complaint, attachments: [{ fileName: 'finta.pdf', data: fake }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('complaint_attachment_type');
  });

  it('refuses bad input with an Italian message and stores nothing', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const before = await stored();
    const cases: [object, number, string][] = [
      [{ ...complaint, category: '' }, 400, 'complaint_category_required'],
      [{ ...complaint, category: 'lamentela' }, 400, 'complaint_category_required'],
      [{ ...complaint, body: 'x'.repeat(4001) }, 400, 'complaint_text_too_long'],
      [{ ...complaint, body: '   ' }, 400, 'complaint_text_required'],
      // A Windows executable named as a PDF: the content decides.
      [
        { ...complaint, attachments: [{ fileName: 'bolletta.pdf', data: EXE }] },
        400,
        'complaint_attachment_type',
      ],
      [
        {
          ...complaint,
          attachments: [
            {
              fileName: 'grande.png',
              data: Buffer.concat([SAMPLE_PNG, Buffer.alloc(720 * 1024)]).toString('base64'),
            },
          ],
        },
        400,
        'complaint_attachments_too_large',
      ],
      [{ ...complaint, category: 'billing' }, 400, 'complaint_bill_required'],
      // INV-9 is the stranger's: not one of this supply's bills.
      [
        { ...complaint, category: 'billing', invoiceNumber: '2025/000009' },
        422,
        'complaint_bill_not_of_supply',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await file(mario, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().errors[0].code).toBe(code);
      expect(res.json().message).toMatch(/[a-zà-ù]/);
    }
    expect(await stored()).toBe(before);
  });

  it("refuses another customer's supply and complaint", async () => {
    const mario = await loginAs(ctx.app, 'mario');
    expect((await file(mario, { ...complaint, supplyKey: 'SUP-4' })).statusCode).toBe(403);
    const res = await call(ctx.app, 'GET', `${ERP}/complaints/RCL-F`, { sessionId: mario });
    expect(res.statusCode).toBe(403);
  });

  it('suspends collection of the disputed bill until the complaint is answered and its rectification settled', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const bill = () => call(ctx.app, 'GET', `${ERP}/invoices/INV-10/detail`, { sessionId: mario });
    const before = await bill();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.collectionSuspended).toBe(false);
    const res = await file(mario, { ...complaint, category: 'billing', invoiceNumber: '2025/000010' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      suspendsCollection: true,
      invoice: { key: 'INV-10' },
      suspendedBills: [{ key: 'INV-10' }],
    });
    expect((await bill()).json().data.collectionSuspended).toBe(true);
    const key = res.json().data.key;
    await ctx.db
      .update(complaints)
      .set({ answeredAt: new Date(), answer: 'Importo corretto.' })
      .where(eq(complaints.key, key));
    // Answered, but whether the bill is to be rectified is not recorded yet: still held.
    expect((await bill()).json().data.collectionSuspended).toBe(true);
    await ctx.db
      .update(complaints)
      .set({ rectificationOutcome: 'not_due', rectifiedAt: new Date() })
      .where(eq(complaints.key, key));
    expect((await bill()).json().data.collectionSuspended).toBe(false);
  });

  it('owes the automatic compensation by lateness, answered or not', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const today = todayInRome(new Date());
    const daysAgo = (n: number) => new Date(`${addDays(today, -n)}T10:00:00Z`);
    const row = (key: string, filedDaysAgo: number, answeredDaysAgo: number | null) => ({
      key,
      companyCode: 'sga',
      customerId: ctx.fixture.mario.id,
      supplyId: ctx.world.supplies['SUP-1']!.id,
      category: 'contract',
      body: key,
      contactPreference: 'post',
      suspendsCollection: false,
      channel: 'user',
      filedAt: daysAgo(filedDaysAgo),
      dueDate: addDays(today, 30 - filedDaysAgo),
      answeredAt: answeredDaysAgo === null ? null : daysAgo(answeredDaysAgo),
      answer: answeredDaysAgo === null ? null : 'Risposta',
    });
    await ctx.db.insert(complaints).values([
      row('RCL-T30', 100, 70), // answered on day 30: on time
      row('RCL-T45', 100, 55), // day 45: base
      row('RCL-T75', 100, 25), // day 75: double
      row('RCL-T95', 100, 5), // day 95: triple
      row('RCL-OPEN40', 40, null), // unanswered, 40 days on: base, and overdue by 10
    ]);
    const get = async (key: string) =>
      (await call(ctx.app, 'GET', `${ERP}/complaints/${key}`, { sessionId: mario })).json().data;
    expect((await get('RCL-T30')).compensationCents).toBe(0);
    expect((await get('RCL-T45')).compensationCents).toBe(3000);
    expect((await get('RCL-T75')).compensationCents).toBe(6000);
    expect((await get('RCL-T95')).compensationCents).toBe(9000);
    expect(await get('RCL-OPEN40')).toMatchObject({ compensationCents: 3000, daysLeft: -10, state: 'open' });
  });

  it('draws the complaint and its answer as a PDF', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${ERP}/complaints/RCL-M/pdf`, { sessionId: mario });
    expect(res.statusCode, res.body).toBe(200);
    const { fileName, contentType, data } = res.json().data;
    expect({ fileName, contentType }).toEqual({
      fileName: 'reclamo-RCL-M.pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.from(data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
