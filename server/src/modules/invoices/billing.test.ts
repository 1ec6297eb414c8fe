// Invoices beyond the list (SPEC §7): one invoice, its Bolletta 2.0 detail, installments with the
// §4 status, the installment-request window (ADR 015) and the other invoice requests,
// insolvencies behind panoram, and documents with the PDF bill. Each call's refusal too.
import { describe, expect, it } from 'vitest';
import { erpDocuments, successEnvelope } from '@sportello/contract';
import { call, loginAs, testConfig } from '../../../test/app.js';
import { BILL_TOTAL, SECTIONS, useBillingTestApp } from '../../../test/billing-fixture.js';
import { databaseKinds } from '../../../test/databases.js';
import { pdfText } from '../../../test/pdf-text.js';
import { eq } from 'drizzle-orm';
import { invoices } from '@sportello/db/schema';
import { createServices } from '../../wiring.js';

const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('billing on %s', (kind) => {
  const ctx = useBillingTestApp(kind);
  const id = (key: string) => String(ctx.billing.invoices[key]!.id);

  describe('invoices', () => {
    it('filters by type codes, puts overdue bills first and counts them', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(
        ctx.app,
        'GET',
        `${ERP}/invoices?customerId=CUS-MARIO&typeCodes=4,31&pagingTake=100`,
        {
          sessionId: mario,
        },
      );
      expect(
        res
          .json()
          .data.invoices.map((i: { key: string }) => i.key)
          .sort(),
      ).toEqual(['B5', 'B6']);

      const first = await call(
        ctx.app,
        'GET',
        `${ERP}/invoices?customerId=CUS-MARIO&orderBy=overdueFirst&typeCodes=all&pagingTake=100`,
        {
          sessionId: mario,
        },
      );
      const data = first.json().data;
      const flags = data.invoices.map((i: { overdue: boolean }) => i.overdue);
      expect(flags.indexOf(false)).toBe(data.overdueCount);
      expect(flags.slice(data.overdueCount).every((f: boolean) => !f)).toBe(true);
      expect(data.invoices[0].overdue).toBe(true);

      const bad = await call(ctx.app, 'GET', `${ERP}/invoices?customerId=CUS-MARIO&typeCodes=uno`, {
        sessionId: mario,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('reads one invoice by id, key or ERP key with its installment window', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const byKey = await call(ctx.app, 'GET', `${ERP}/invoices/B1`, { sessionId: mario });
      expect(byKey.json().data).toMatchObject({
        id: id('B1'),
        number: '2026/SGA/B1',
        installmentRequest: { allowed: true, lastDay: ctx.billing.today },
        hasInstallments: false,
        documentId: String(ctx.billing.documents.ready.id),
      });
      const byExt = await call(ctx.app, 'GET', `${ERP}/invoices/EXT-B2?useExtKey=true`, { sessionId: mario });
      expect(byExt.json().data).toMatchObject({ key: 'B2', installmentRequest: { allowed: false } });
      const extWithoutFlag = await call(ctx.app, 'GET', `${ERP}/invoices/EXT-B2`, { sessionId: mario });
      expect(extWithoutFlag.statusCode).toBe(404);
      const theirs = await call(ctx.app, 'GET', `${ERP}/invoices/BF`, { sessionId: mario });
      expect(theirs.statusCode).toBe(403);
    });

    it('answers the Bolletta 2.0 detail: receipt and sections add up to the bill in cents', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'GET', `${ERP}/invoices/${id('B1')}/detail`, { sessionId: mario });
      expect(res.statusCode).toBe(200);
      const bill = res.json().data;
      expect(bill.totalCents).toBe(BILL_TOTAL);
      expect(bill.sections.map((s: { title: string }) => s.title)).toEqual(SECTIONS.map((s) => s.title));
      for (const s of bill.sections) {
        expect(s.lines.reduce((sum: number, l: { amountCents: number }) => sum + l.amountCents, 0)).toBe(
          s.totalCents,
        );
      }
      expect(bill.receipt.map((r: { kind: string; amountCents: number }) => [r.kind, r.amountCents])).toEqual(
        [
          ['energy', 6_780],
          ['transport', 1_370],
          ['system', 1_160],
          ['taxes', 908],
          ['vat', 1_022],
          ['other', 0],
        ],
      );
      const sup1 = bill.supplies.find((s: { key: string }) => s.key === 'SUP-1');
      expect(sup1.consumptionByBand).toEqual({ F1: 150, F2: 120, F3: 130 });
      expect(sup1.readings.end).toMatchObject({ date: '2026-02-28', source: 'self' });
      expect(bill.periodDays).toBe(59);
      expect(bill.averageCentsPerUnit).toBe(28.1);
      const theirs = await call(ctx.app, 'GET', `${ERP}/invoices/BF/detail`, { sessionId: mario });
      expect(theirs.statusCode).toBe(403);
    });
  });

  describe('installments', () => {
    it('lists a plan with the §4 status of each installment, by invoice or contract', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'GET', `${ERP}/installments?invoiceId=B6`, { sessionId: mario });
      const data = res.json().data;
      expect(data.installments.map((i: { number: number; status: number }) => [i.number, i.status])).toEqual([
        [1, 2],
        [2, 0],
        [3, 1],
      ]);
      expect(data.toBePaidCents).toBe(3_746 + 3_748);
      const byContract = await call(ctx.app, 'GET', `${ERP}/installments?contractId=CTR-1`, {
        sessionId: mario,
      });
      expect(byContract.json().data.installments).toHaveLength(3);
    });

    it('refuses someone else’s invoice or contract, and a call naming neither', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      expect(
        (await call(ctx.app, 'GET', `${ERP}/installments?invoiceId=BF`, { sessionId: mario })).statusCode,
      ).toBe(403);
      expect(
        (await call(ctx.app, 'GET', `${ERP}/installments?contractId=CTR-3`, { sessionId: mario })).statusCode,
      ).toBe(403);
      expect((await call(ctx.app, 'GET', `${ERP}/installments`, { sessionId: mario })).statusCode).toBe(404);
    });
  });

  describe('installment requests (SPEC §4/§9 window, ADR 015)', () => {
    const ask = async (invoiceId: string, contractKey = 'CTR-1') =>
      call(ctx.app, 'POST', `${ERP}/requests/installments`, {
        sessionId: await loginAs(ctx.app, 'mario'),
        body: { invoiceId, contractKey },
      });

    it('accepts on the last day of the 30-day limit and refuses the day after', async () => {
      const last = await ask('B1');
      expect(last.statusCode).toBe(200);
      expect(last.json().data.id).toBeGreaterThan(0);
      const late = await ask('B2');
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toMatch(/fino a 10 giorni dopo la scadenza, entro 30 giorni/);
    });

    it('accepts 10 days after the due date and refuses 11', async () => {
      expect((await ask('B3')).statusCode).toBe(200);
      expect((await ask('B4')).statusCode).toBe(422);
    });

    it('refuses a second request while the first is open, a paid bill, a wrong contract, someone else’s bill', async () => {
      const again = await ask('B1');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('È già in corso una richiesta di rateizzazione per questa bolletta.');
      expect((await ask('B5')).json().message).toBe('La bolletta risulta già pagata.');
      expect((await ask('B7', 'CTR-4')).statusCode).toBe(404);
      expect((await ask('BF', 'CTR-3')).statusCode).toBe(403);
      const invalid = await call(ctx.app, 'POST', `${ERP}/requests/installments`, {
        sessionId: await loginAs(ctx.app, 'mario'),
        body: { invoiceId: 'B7', contractKey: 'CTR-1', installmentsCount: 40 },
      });
      expect(invalid.statusCode).toBe(400);
    });
  });

  describe('bill by e-mail and billing options', () => {
    it('records a copy by e-mail to the customer’s address or a given one', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const own = await call(ctx.app, 'POST', `${ERP}/requests/emailInvoice`, {
        sessionId: mario,
        body: { invoiceId: 'B1' },
      });
      expect(own.statusCode).toBe(200);
      expect(own.json().data.id).toBeGreaterThan(0);
      const bad = await call(ctx.app, 'POST', `${ERP}/requests/emailInvoice`, {
        sessionId: mario,
        body: { invoiceId: 'B1', email: 'non-una-mail' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ field: 'email', message: 'Inserire email valida' });
      const theirs = await call(ctx.app, 'POST', `${ERP}/requests/emailInvoice`, {
        sessionId: mario,
        body: { invoiceId: 'BF' },
      });
      expect(theirs.statusCode).toBe(403);
    });

    it('changes delivery to e-mail or paper on a contract in force', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const ok = await call(ctx.app, 'POST', `${ERP}/requests/billingOptions`, {
        sessionId: mario,
        body: { contractKey: 'CTR-1', delivery: 'email', email: ' cus-mario@example.it ' },
      });
      expect(ok.statusCode).toBe(200);
      const paper = await call(ctx.app, 'POST', `${ERP}/requests/billingOptions`, {
        sessionId: mario,
        body: { contractKey: 'CTR-1', delivery: 'paper' },
      });
      expect(paper.statusCode).toBe(200);
      const ended = await call(ctx.app, 'POST', `${ERP}/requests/billingOptions`, {
        sessionId: mario,
        body: { contractKey: 'CTR-6', delivery: 'paper' },
      });
      expect(ended.statusCode).toBe(422);
      const theirs = await call(ctx.app, 'POST', `${ERP}/requests/billingOptions`, {
        sessionId: mario,
        body: { contractKey: 'CTR-3', delivery: 'paper' },
      });
      expect(theirs.statusCode).toBe(403);
      const invalid = await call(ctx.app, 'POST', `${ERP}/requests/billingOptions`, {
        sessionId: mario,
        body: { contractKey: 'CTR-1', delivery: 'fax' },
      });
      expect(invalid.statusCode).toBe(400);
    });
  });

  describe('insolvencies', () => {
    it('lists open insolvencies where panoram is enabled, refuses elsewhere and for others', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'GET', `${ERP}/insolvencies?customerId=CUS-MARIO`, {
        sessionId: mario,
      });
      expect(res.json().data).toMatchObject({
        totalCents: 4_321,
        insolvencies: [{ amountCents: 4_321, status: 'Aperta' }],
      });
      expect(
        (await call(ctx.app, 'GET', `${ERP}/insolvencies?customerId=CUS-OTHER`, { sessionId: mario }))
          .statusCode,
      ).toBe(403);
      const mes = await loginAs(ctx.app, 'mario', 'mes');
      const disabled = await call(ctx.app, 'GET', `${ERP}/insolvencies?customerId=CUS-MES`, {
        sessionId: mes,
      });
      expect(disabled.statusCode).toBe(403);
      expect(disabled.json().message).toBe('Servizio non disponibile.');
    });
  });

  describe('documents', () => {
    it('lists documents with their status and says which exist', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const list = await call(ctx.app, 'GET', `${ERP}/documents?customerId=CUS-MARIO&documentType=invoice`, {
        sessionId: mario,
      });
      const docs = list.json().data.documents;
      expect(docs.map((d: { key: string }) => d.key).sort()).toEqual(['DOC-B1', 'DOC-B2']);
      expect(docs.find((d: { key: string }) => d.key === 'DOC-B1').invoiceId).toBe(id('B1'));
      const ready = await call(ctx.app, 'GET', `${ERP}/documents/DOC-B1/exists?documentType=invoice`, {
        sessionId: mario,
      });
      expect(ready.json().data).toEqual({ exists: true, status: 'ready' });
      const printing = await call(ctx.app, 'GET', `${ERP}/documents/DOC-B2/exists`, { sessionId: mario });
      expect(printing.json().data).toEqual({ exists: false, status: 'printing' });
    });

    it('draws the PDF bill on first request, keeps it, and it holds the number and total', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const first = await call(ctx.app, 'GET', `${ERP}/documents/DOC-B1?documentType=invoice`, {
        sessionId: mario,
      });
      expect(first.statusCode).toBe(200);
      // The route writes its answer without the schema pass (documents/routes.ts): the schema still holds.
      expect(successEnvelope(erpDocuments.getDocument.response).safeParse(first.json()).success).toBe(true);
      const doc = first.json().data;
      expect(doc.contentType).toBe('application/pdf');
      // Saved under its title, as the customer knows it, not the document's key.
      expect(doc.fileName).toBe('Bolletta B1.pdf');
      const bytes = Buffer.from(doc.data, 'base64');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(bytes);
      expect(text).toContain('2026/SGA/B1');
      expect(text).toContain('112,40 €');
      expect(text).toContain('Lo scontrino dell’energia');
      expect(text).toContain('Altre partite');
      const again = await call(ctx.app, 'GET', `${ERP}/documents/${ctx.billing.documents.ready.id}`, {
        sessionId: mario,
      });
      expect(again.json().data.data).toBe(doc.data);
    });

    it('draws the PDF again once the bill is paid, so it says paid instead of what to pay', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const pdf = async () =>
        pdfText(
          Buffer.from(
            (await call(ctx.app, 'GET', `${ERP}/documents/DOC-B1`, { sessionId: mario })).json().data.data,
            'base64',
          ),
        );
      expect(await pdf()).toContain('Resta da pagare');
      // Paid as the payments module pays: through the wired invoices service, which tells documents.
      const { ledger } = createServices(ctx.db, testConfig()).invoices;
      const b1 = ctx.billing.invoices.B1!.id;
      await ctx.db.transaction((tx) => ledger.applyPaid(tx, new Map([[b1, BILL_TOTAL]])));
      const paid = await pdf();
      expect(paid).toContain('Bolletta pagata');
      expect(paid).not.toContain('Resta da pagare');
      // Owed again for the tests that follow.
      await ctx.db
        .update(invoices)
        .set({ outstandingCents: BILL_TOTAL, paymentLevel: 'Unpaid' })
        .where(eq(invoices.id, b1));
    });

    it('says a printing document is not ready, and refuses someone else’s', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const printing = await call(ctx.app, 'GET', `${ERP}/documents/DOC-B2`, { sessionId: mario });
      expect(printing.statusCode).toBe(422);
      expect(printing.json().message).toBe(
        'Documento in fase di stampa o non disponibile, riprovare più tardi',
      );
      for (const path of ['DOC-F', 'DOC-F/exists']) {
        expect(
          (await call(ctx.app, 'GET', `${ERP}/documents/${path}`, { sessionId: mario })).statusCode,
        ).toBe(403);
      }
      expect(
        (await call(ctx.app, 'GET', `${ERP}/documents?customerId=CUS-OTHER`, { sessionId: mario }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(ctx.app, 'GET', `${ERP}/documents/DOC-B1?documentType=fattura`, { sessionId: mario }))
          .statusCode,
      ).toBe(400);
    });
  });
});
