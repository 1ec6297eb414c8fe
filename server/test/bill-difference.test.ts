// "Why is this bill different?" (ADR 070) on the demo world, on each database: the detail answer's
// difference names the bills the comparison proposes, its parts add up to the difference of the two
// totals for every bill of mariorossi, the PDF prints the same sentence and parts, a first bill and a
// credit note say why they have none, and a stranger's bill is refused.
import { describe, expect, it } from 'vitest';
import type { erpInvoices } from '@sportello/contract';
import { formatSignedEuro } from '@sportello/domain';
import { databaseKinds } from './databases.js';
import { useDemoApp } from './demo-app.js';
import { pdfText } from './pdf-text.js';

const words = (text: string) => text.replace(/\s+/g, ' ');

type Bill = erpInvoices.InvoiceBill;

describe.each(databaseKinds)('why a bill is different (%s)', (kind) => {
  const { send, data, logIn } = useDemoApp(kind);
  const get = (url: string, sessionId: string) => data(`Erp/v1/${url}`, sessionId);
  async function billsOf(sessionId: string, typeCodes = 'all'): Promise<Bill[]> {
    const [customer] = (await get('customers', sessionId)).customers;
    const list = await get(
      `invoices?customerId=${customer.id}&typeCodes=${typeCodes}&pagingTake=100`,
      sessionId,
    );
    const bills: Bill[] = [];
    for (const invoice of list.invoices) bills.push(await get(`invoices/${invoice.id}/detail`, sessionId));
    return bills;
  }

  it('mariorossi’s latest electricity bill: the proposed bills, parts that add up, the same words in the PDF', async () => {
    const sessionId = await logIn('mariorossi');
    const bill = (await billsOf(sessionId, '1')).find((b) => b.commodity === 'electricity')!;
    const comparable = await get(`invoices/${bill.invoice.id}/comparable`, sessionId);
    const { previous, lastYear } = bill.difference;

    for (const [explained, proposed] of [
      [previous, comparable.previous],
      [lastYear, comparable.lastYear],
    ] as const) {
      expect(explained.status).toBe('explained');
      expect(explained.other?.id).toBe(proposed.id);
      const other: Bill = await get(`invoices/${proposed.id}/detail`, sessionId);
      expect(explained.totalCents).toBe(bill.totalCents - other.totalCents);
      expect(explained.parts.reduce((sum, p) => sum + p.amountCents, 0)).toBe(explained.totalCents);
      // Real readings that agree with the billed quantity (one world, ADR 024): nothing to true up.
      if (explained.notes.length === 0)
        expect(explained.parts.find((p) => p.kind === 'trueUp')?.amountCents).toBe(0);
    }
    expect(previous.sentence).toMatch(/ rispetto alla bolletta precedente[:.]/);
    expect(lastYear.sentence).toMatch(/ rispetto alla bolletta dello stesso periodo dell’anno scorso[:.]/);

    // The PDF says the same sentence and every part with the same figure.
    const document = await get(`documents/${bill.invoice.documentId}`, sessionId);
    const text = words(await pdfText(Buffer.from(document.data, 'base64')));
    expect(text).toContain('Perché questa bolletta è diversa');
    for (const explained of [previous, lastYear]) {
      expect(text).toContain(words(explained.sentence));
      for (const part of explained.parts)
        expect(text).toContain(words(`${part.label} ${formatSignedEuro(part.amountCents)}`));
      expect(text).toContain(words(`Differenza totale ${formatSignedEuro(explained.totalCents!)}`));
    }
  }, 180_000);

  it('every bill of mariorossi: parts add up to the difference; the first bill and a credit note say why there are none', async () => {
    const sessionId = await logIn('mariorossi');
    const bills = await billsOf(sessionId);
    let explained = 0;
    for (const bill of bills) {
      const where = `bill ${bill.invoice.number} (type ${bill.invoice.invoiceTypeCode})`;
      for (const d of [bill.difference.previous, bill.difference.lastYear]) {
        if (d.status === 'explained') {
          explained++;
          expect(
            d.parts.reduce((sum, p) => sum + p.amountCents, 0),
            where,
          ).toBe(d.totalCents);
          expect(d.totalCents, where).toBe(bill.totalCents - d.other!.totalCents);
        } else expect(d.parts, where).toEqual([]);
        // Compared only with a period's bill, never with a credit (a compensation, a reversal).
        if (d.other) expect(d.other.totalCents, where).toBeGreaterThan(0);
      }
      if (bill.invoice.invoiceTypeCode === 4) {
        expect(bill.difference.previous.reason, where).toBe('credit_note');
        expect(bill.difference.previous.sentence, where).toContain('nota di credito');
      }
    }
    expect(explained).toBeGreaterThan(10);
    // The oldest bill of each supply has none before it.
    const firsts = bills.filter((b) => b.difference.previous.reason === 'first_bill');
    expect(firsts.length).toBeGreaterThanOrEqual(3);
    for (const first of firsts) {
      expect(first.difference.previous.other).toBeNull();
      expect(first.difference.previous.sentence).toContain('È la prima bolletta di questa fornitura');
    }
  }, 180_000);

  it('refuses a stranger’s bill, its difference with it', async () => {
    const mario = await logIn('mariorossi');
    const [bill] = await billsOf(mario, '1');
    const stranger = await logIn('bianchisrl');
    const res = await send('GET', `Erp/v1/invoices/${bill!.invoice.id}/detail`, stranger);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('difference');
  }, 180_000);
});
