// Every PDF the portal makes passes the checks a screen reader and a printer rely on (ADR 031, ADR 068):
// tagged and marked, a structure tree that is not empty, every font embedded, the language set, the
// title shown, and no text past the page's edge. One of each, reached as a customer reaches it: a bill
// of every type and commodity (as the documents list and the data archive give it), a customer's
// complaint, the receipt of a complaint sent without an account, the offer sheet, the maintenance
// document. Each renderer of integrations/pdf must be among them, so a new kind of PDF is walked too.
import { describe, expect, it } from 'vitest';
import { PDF_KINDS } from '../src/integrations/pdf/render-worker.js';
import { useDemoApp } from './demo-app.js';
import { readPdfStructure } from './pdf-structure.js';
import { textOffThePage } from './pdf-text.js';

describe('every PDF the portal makes', () => {
  const demo = useDemoApp();
  const bytes = (file: { data: string }) => Buffer.from(file.data, 'base64');

  it('passes the bill’s checks, one of each kind', async () => {
    const pdfs: { name: string; kind: (typeof PDF_KINDS)[number]; pdf: Buffer }[] = [];

    // Bills of every type and commodity, from the documents they are filed under.
    for (const username of ['mariorossi', 'bianchisrl', 'condominioaurora']) {
      const session = await demo.logIn(username);
      for (const customer of (await demo.data('Erp/v1/customers', session)).customers) {
        const { invoices } = await demo.data(
          `Erp/v1/invoices?customerId=${customer.id}&pagingTake=100`,
          session,
        );
        const seen = new Set<string>();
        for (const invoice of invoices as {
          key: string;
          invoiceTypeCode: number;
          documentId: string | null;
        }[]) {
          if (invoice.documentId === null) continue;
          const { commodity } = await demo.data(`Erp/v1/invoices/${invoice.key}/detail`, session);
          const name = `bill ${invoice.invoiceTypeCode} ${commodity}`;
          if (seen.has(name)) continue;
          if (!(await demo.data(`Erp/v1/documents/${invoice.documentId}/exists`, session)).exists) continue;
          seen.add(name);
          pdfs.push({
            name: `${username} ${name}`,
            kind: 'bill',
            pdf: bytes(await demo.data(`Erp/v1/documents/${invoice.documentId}`, session)),
          });
        }
      }
    }

    const mario = await demo.logIn('mariorossi');
    const [customer] = (await demo.data('Erp/v1/customers', mario)).customers;
    // A customer's complaint, with its answer and clocks.
    const { complaints } = await demo.data(`Erp/v1/complaints?customerKey=${customer.key}`, mario);
    for (const complaint of (complaints as { id: string; key: string }[]).slice(0, 2))
      pdfs.push({
        name: `complaint ${complaint.key}`,
        kind: 'complaint',
        pdf: bytes(await demo.data(`Erp/v1/complaints/${complaint.id}/pdf`, mario)),
      });
    // The receipt of a complaint sent without an account, as its sender looks it up.
    const { supplies } = await demo.data(`Erp/v1/supplies?customerKey=${customer.key}`, mario);
    const supply = (supplies as { pointCode: string; commodity: string; offerId: string | null }[]).find(
      (s) => s.commodity === 'electricity',
    )!;
    const sent = await demo.send('POST', 'Erp/v1/complaints/guest', await demo.guest(), {
      firstName: 'Mario',
      lastName: 'Rossi',
      supplyAddress: 'Via Giuseppe Garibaldi 134 bis, Roma',
      commodity: 'electricity',
      pointCode: supply.pointCode,
      email: 'mario.rossi@example.it',
      category: 'contract',
      body: 'Le condizioni applicate non sono quelle firmate.',
      contactPreference: 'email',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const receipt = sent.json().data;
    const lookup = await demo.send('POST', 'Erp/v1/complaints/guest/lookup', await demo.guest(), {
      key: receipt.key,
      code: receipt.lookupCode,
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const looked = lookup.json().data;
    pdfs.push({ name: 'guest complaint receipt', kind: 'complaint', pdf: Buffer.from(looked.pdf, 'base64') });
    // The offer sheet.
    const offerId = (supplies as { offerId: string | null }[]).find((s) => s.offerId !== null)!.offerId;
    pdfs.push({
      name: 'offer sheet',
      kind: 'offer',
      pdf: bytes(await demo.data(`Erp/v1/offers/${offerId}/document`, mario)),
    });
    // The maintenance document.
    const { contracts } = await demo.data(`Erp/v1/contracts/maintenance?customerKey=${customer.key}`, mario);
    const [document] = contracts[0].documents as { id: string }[];
    pdfs.push({
      name: 'maintenance document',
      kind: 'maintenance',
      pdf: bytes(await demo.data(`Erp/v1/contracts/maintenance/documents/${document!.id}`, mario)),
    });

    // Every renderer is walked.
    expect([...new Set(pdfs.map((p) => p.kind))].sort()).toEqual([...PDF_KINDS].sort());
    expect(pdfs.filter((p) => p.kind === 'bill').length).toBeGreaterThanOrEqual(5);
    for (const { name, pdf } of pdfs) {
      const structure = await readPdfStructure(pdf);
      expect(structure.marked, name).toBe(true);
      expect(structure.lang, name).toBe('it-IT');
      expect(structure.displaysTitle, name).toBe(true);
      expect(structure.uaPart, name).toBe('1');
      expect(structure.roles[0], name).toBe('Document');
      expect(structure.roles.length, name).toBeGreaterThan(3);
      expect(structure.roles, name).toContain('H1');
      expect(structure.emptyElements, name).toEqual([]);
      expect(structure.fontCount, name).toBeGreaterThan(0);
      expect(structure.unembeddedFonts, name).toEqual([]);
      expect(await textOffThePage(pdf), name).toEqual([]);
    }
  }, 300_000);
});
