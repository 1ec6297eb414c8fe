// Money shown right everywhere (ADR 052): for every demo bill still owed of every demo customer of
// every brand, the list (the dashboard's card and the bills page read it), the bill, its detail (the
// bill page and the PDF are drawn from it) and the PDF's text say the same thing of what the customer
// must pay themselves and by when; a bill the bank debits or a complaint suspends is never asked for;
// the totals count only what is asked. Then mariorossi objects to a prescribed amount, and nothing
// says it will be debited while the ERP hears to leave it out of the debit file.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { erpInvoices } from '@sportello/contract';
import { COMPANY_CODES } from '@sportello/contract';
import { integrationEvents } from '@sportello/db/schema';
import { elideBeforeNumbers, formatDate, formatEuro } from '@sportello/domain';
import { useDemoApp } from './demo-app.js';
import { pdfText } from './pdf-text.js';

const USERS = ['mariorossi', 'bianchisrl', 'condominioaurora', 'lucaverdi', 'agenziaenergia', 'giuliaconti'];
const euro = (cents: number) => formatEuro(cents).replace(/\u00a0/g, ' ');

type Invoice = erpInvoices.Invoice;
/** The bill's debit line, before a day said with a vowel too ("l’8"). */
const DEBIT_ON = /Addebito sul conto (il |l’)/;

describe('what a customer must pay themselves, on every surface', () => {
  const demo = useDemoApp();
  const pdfOf = async (documentId: string, sessionId: string) =>
    (
      await pdfText(
        Buffer.from((await demo.data(`Erp/v1/documents/${documentId}`, sessionId)).data, 'base64'),
      )
    ).replace(/\s+/g, ' ');

  /** What the PDF's first page must say of the bill's `toPay`, and what it must never say. */
  function checkPdf(text: string, invoice: Invoice, payOnline: boolean) {
    const { toPay } = invoice;
    const where = `bill ${invoice.number} (${toPay.way})`;
    // One name for each figure on every surface: never the bill's total called "da pagare".
    expect(text, where).not.toContain('Totale da pagare');
    if (!payOnline) expect(text, where).not.toContain('carta nel portale');
    if (toPay.way === 'credit') return;
    expect(text, where).toContain(`Totale bolletta ${euro(invoice.amountCents)}`);
    switch (toPay.way) {
      case 'direct_debit':
        expect(text, where).toContain(
          elideBeforeNumbers(`Addebito sul conto il ${formatDate(toPay.byDate!)}`),
        );
        expect(text, where).toContain(euro(toPay.debitCents));
        expect(text, where).not.toContain('Resta da pagare');
        break;
      case 'suspended':
        expect(text, where).toContain('Pagamento sospeso');
        expect(text, where).not.toMatch(DEBIT_ON);
        expect(text, where).not.toContain('Resta da pagare');
        break;
      case 'pay':
      case 'installments':
        expect(text, where).toContain('Resta da pagare');
        expect(text, where).toContain(euro(toPay.yoursCents));
        expect(text, where).toContain(
          elideBeforeNumbers(`${toPay.overdue ? 'Scaduta il' : 'Entro il'} ${formatDate(toPay.byDate!)}`),
        );
        expect(text, where).not.toMatch(DEBIT_ON);
        break;
      case 'paid':
        expect(text, where).toContain('Bolletta pagata');
        break;
    }
  }

  it('says one thing of every owed bill of every brand: list, bill, detail, PDF and totals', async () => {
    let bills = 0;
    const ways = new Set<string>();
    for (const company of COMPANY_CODES) {
      for (const username of USERS) {
        const sessionId = await demo.logIn(username, company);
        if (!sessionId) continue;
        const { customers } = await demo.data('Erp/v1/customers', sessionId);
        for (const customer of customers) {
          // The dashboard's card and the bills page's head read this one answer.
          const owed = await demo.data(
            `Erp/v1/invoices?customerId=${customer.id}&outstandingOnly=true&orderBy=overdueFirst&pagingTake=100`,
            sessionId,
          );
          const invoices: Invoice[] = owed.invoices;
          const yours = invoices.filter((i) => i.toPay.yoursCents > 0);
          expect(owed.toPay.count, customer.key).toBe(yours.length);
          expect(owed.toPay.yoursCents).toBe(yours.reduce((sum, i) => sum + i.toPay.yoursCents, 0));
          expect(owed.toPay.debitCents).toBe(invoices.reduce((sum, i) => sum + i.toPay.debitCents, 0));
          expect(owed.toPay.byDate).toBe(yours.map((i) => i.toPay.byDate).sort()[0] ?? null);
          for (const invoice of invoices) {
            const where = `${company} ${username} ${invoice.number}`;
            ways.add(invoice.toPay.way);
            // What the bank takes or a complaint holds is never asked of the customer.
            if (['direct_debit', 'suspended', 'pending'].includes(invoice.toPay.way))
              expect(invoice.toPay.yoursCents, where).toBe(0);
            const detail = await demo.data(`Erp/v1/invoices/${invoice.id}`, sessionId);
            const bill = await demo.data(`Erp/v1/invoices/${invoice.id}/detail`, sessionId);
            expect(detail.toPay, where).toEqual(invoice.toPay);
            expect(bill.invoice.toPay, where).toEqual(invoice.toPay);
            // Offline: what to transfer is what the customer must pay themselves, and nothing else.
            if (detail.offlinePayment) {
              expect(detail.offlinePayment.amountCents, where).toBe(invoice.toPay.yoursCents);
              expect(invoice.toPay.yoursCents, where).toBeGreaterThan(0);
            }
            if (!bill.payment.online && invoice.toPay.yoursCents > 0)
              expect(detail.offlinePayment, where).not.toBeNull();
            if (
              invoice.documentId &&
              (await demo.data(`Erp/v1/documents/${invoice.documentId}/exists`, sessionId)).exists
            )
              checkPdf(await pdfOf(invoice.documentId, sessionId), invoice, bill.payment.online);
            bills++;
          }
        }
      }
    }
    expect(bills).toBeGreaterThan(20);
    // The demo world has bills of each kind the rule tells apart.
    expect([...ways]).toEqual(expect.arrayContaining(['pay', 'direct_debit', 'installments']));
  }, 600_000);

  it('mariorossi objects to a prescribed amount: nothing says it will be debited, the ERP leaves it out', async () => {
    const sessionId = await demo.logIn('mariorossi');
    const [customer] = (await demo.data('Erp/v1/customers', sessionId)).customers;
    const owed: Invoice[] = (
      await demo.data(
        `Erp/v1/invoices?customerId=${customer.id}&outstandingOnly=true&pagingTake=100`,
        sessionId,
      )
    ).invoices;
    // The bill on direct debit holding a prescribed amount, or else any bill the bank will debit.
    const debited = owed.filter((i) => i.toPay.way === 'direct_debit');
    const target = debited.find((i) => i.toPay.prescribedCents > 0) ?? debited[0];
    expect(target, 'a demo bill on direct debit').toBeDefined();
    const bill = await demo.data(`Erp/v1/invoices/${target!.id}/detail`, sessionId);
    const category = target!.toPay.prescribedCents > 0 ? 'prescription' : 'billing';
    // The PDF as drawn before the objection: it says the debit.
    if (target!.documentId) expect(await pdfOf(target!.documentId, sessionId)).toMatch(DEBIT_ON);
    const filed = await demo.send('POST', 'Erp/v1/complaints', sessionId, {
      supplyKey: bill.supplies[0].key,
      category,
      body: 'Eccepisco la prescrizione degli importi di oltre due anni.',
      contactPreference: 'email',
      invoiceNumber: target!.number,
    });
    expect(filed.statusCode, filed.body).toBe(200);

    const after = (
      await demo.data(
        `Erp/v1/invoices?customerId=${customer.id}&outstandingOnly=true&pagingTake=100`,
        sessionId,
      )
    ).invoices.find((i: Invoice) => i.id === target!.id) as Invoice;
    expect(after.toPay).toMatchObject({ way: 'suspended', yoursCents: 0, debitCents: 0 });
    expect((await demo.data(`Erp/v1/invoices/${target!.id}`, sessionId)).toPay.way).toBe('suspended');
    expect((await demo.data(`Erp/v1/invoices/${target!.id}/detail`, sessionId)).invoice.toPay.way).toBe(
      'suspended',
    );
    if (target!.documentId) {
      const text = await pdfOf(target!.documentId, sessionId);
      expect(text).toContain('Pagamento sospeso');
      expect(text).not.toMatch(DEBIT_ON);
    }
    const [event] = await demo.db
      .select()
      .from(integrationEvents)
      .where(
        and(
          eq(integrationEvents.kind, 'invoice.leftOutOfDebit'),
          eq(integrationEvents.customerId, Number(customer.id)),
        ),
      );
    expect(event?.payload).toMatchObject({ invoiceNumber: target!.number, reason: 'complaint' });
  });
});
