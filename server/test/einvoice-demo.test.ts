// bianchisrl's bills are electronic invoices (ADR 067): each has its FatturaPA XML and SdI identifier,
// the XML is what the load accepts (one FatturaPA invoice), and its ImportoTotaleDocumento is the
// figure the API answers and the PDF prints, whose courtesy-copy line names the same identifier. One
// figure, one place: the XML was made from the bill's sections, as the page and the PDF are.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { courtesyCopyText, formatEuro } from '@sportello/domain';
import { readFatturaPa } from '../src/modules/integration/einvoice-xml.js';
import { useDemoApp } from './demo-app.js';
import { pdfText } from './pdf-text.js';

const euro = (cents: number) => formatEuro(cents).replace(/\u00a0/g, ' ');

describe("bianchisrl's electronic invoices", () => {
  const demo = useDemoApp();

  it('every bill has its XML, whose total is the API’s and the PDF’s', async () => {
    const sessionId = await demo.logIn('bianchisrl');
    const [customer] = (await demo.data('Erp/v1/customers', sessionId)).customers;
    const list = await demo.data(
      `Erp/v1/invoices?customerId=${customer.id}&typeCodes=all&pagingTake=100`,
      sessionId,
    );
    expect(list.invoices.length).toBeGreaterThan(10);
    const ids = new Set<string>();
    for (const [i, listed] of list.invoices.entries()) {
      const where = `bill ${listed.number}`;
      const invoice = await demo.data(`Erp/v1/invoices/${listed.id}`, sessionId);
      expect(invoice.eInvoice.xml, where).toBe(true);
      expect(invoice.eInvoice.sdiId, where).toMatch(/^\d{13}$/);
      ids.add(invoice.eInvoice.sdiId);
      const file = await demo.data(`Erp/v1/invoices/${listed.id}/einvoice`, sessionId);
      expect(file.sdiId, where).toBe(invoice.eInvoice.sdiId);
      const xml = Buffer.from(file.data, 'base64').toString('utf8');
      expect(xml, where).toContain(`<Numero>${invoice.number}</Numero>`);
      const { totalCents } = readFatturaPa(xml);
      expect(totalCents, where).toBe(Math.abs(invoice.amountCents));

      // The PDF of the newest few: the same total, and the courtesy copy of this invoice.
      if (i >= 3) continue;
      const detail = await demo.data(`Erp/v1/invoices/${listed.id}/detail`, sessionId);
      expect(detail.totalCents, where).toBe(invoice.amountCents);
      expect(detail.sdiId, where).toBe(invoice.eInvoice.sdiId);
      if (!(await demo.data(`Erp/v1/documents/${invoice.documentId}/exists`, sessionId)).exists) continue;
      const document = await demo.data(`Erp/v1/documents/${invoice.documentId}`, sessionId);
      const text = (await pdfText(Buffer.from(document.data, 'base64'))).replace(/\s+/g, ' ');
      expect(text, where).toContain(euro(invoice.amountCents));
      expect(text, where).toContain(courtesyCopyText(invoice.eInvoice.sdiId));
    }
    // The SdI gives each invoice its own identifier.
    expect(ids.size).toBe(list.invoices.length);
  });

  it("a private customer's bill without one says so", async () => {
    const sessionId = await demo.logIn('mariorossi');
    const [customer] = (await demo.data('Erp/v1/customers', sessionId)).customers;
    const [first] = (await demo.data(`Erp/v1/invoices?customerId=${customer.id}&pagingTake=1`, sessionId))
      .invoices;
    expect((await demo.data(`Erp/v1/invoices/${first.id}`, sessionId)).eInvoice).toEqual({
      sdiId: null,
      xml: false,
    });
    const res = await demo.send('GET', `Erp/v1/invoices/${first.id}/einvoice`, sessionId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.einvoice_not_available);
  });
});
