// Every PDF we generate is one a screen reader can read (ADR 031): tagged and
// marked, in it-IT, its title shown, PDF/UA identified, fonts embedded, headings, paragraphs, tables
// and figures in reading order, the logo and the QR code with alt text. And the bill's QR code
// (item 2) carries an entry link that opens that bill's page for its holder, after login.
import { describe, expect, it } from 'vitest';
import { renderMaintenancePdf } from '../src/integrations/pdf/maintenance-pdf.js';
import { useDemoApp } from './demo-app.js';
import { readPdfStructure, type PdfStructure } from './pdf-structure.js';

function expectReadable(pdf: PdfStructure) {
  expect(pdf.marked).toBe(true);
  expect(pdf.lang).toBe('it-IT');
  expect(pdf.displaysTitle).toBe(true);
  expect(pdf.uaPart).toBe('1');
  expect(pdf.fontCount).toBeGreaterThan(0);
  expect(pdf.unembeddedFonts).toEqual([]);
  expect(pdf.roles[0]).toBe('Document');
  expect(pdf.roles).toContain('H1');
  expect(pdf.roles).toContain('P');
  expect(pdf.emptyElements).toEqual([]);
  for (const alt of pdf.figureAlts) expect(alt.length).toBeGreaterThan(10);
}

describe('tagged PDFs', () => {
  const demo = useDemoApp();

  it('the bill: front page parts in order as sections, scontrino as a table, logo and QR as figures, its QR opens the bill after login', async () => {
    const mario = await demo.logIn('mariorossi');
    const [customer] = (await demo.data('Erp/v1/customers', mario)).customers;
    const { invoices } = await demo.data(`Erp/v1/invoices?customerId=${customer.id}&typeCodes=1`, mario);
    // The newest bill whose document is printed (the demo keeps a few still printing).
    let invoice: { key: string; documentId: string } | undefined;
    for (const candidate of invoices.filter((i: { documentId: string | null }) => i.documentId !== null)) {
      if ((await demo.data(`Erp/v1/documents/${candidate.documentId}/exists`, mario)).exists) {
        invoice = candidate;
        break;
      }
    }
    if (!invoice) throw new Error('no printed bill in the demo world');
    const file = await demo.data(`Erp/v1/documents/${invoice.documentId}`, mario);
    const pdf = await readPdfStructure(Buffer.from(file.data, 'base64'));
    expectReadable(pdf);

    // Reading order: logo, the title, then each part as a section opening with its heading.
    expect(pdf.roles.indexOf('Figure')).toBeLessThan(pdf.roles.indexOf('H1'));
    expect(pdf.roles.filter((r) => r === 'Sect').length).toBeGreaterThanOrEqual(5 + 2);
    expect(pdf.roles).toEqual(expect.arrayContaining(['Table', 'TR', 'TH', 'TD', 'Link']));
    expect(pdf.figureAlts).toHaveLength(2);
    expect(pdf.figureAlts[0]).toMatch(/^Logo di /);
    expect(pdf.figureAlts[1]).toMatch(/^Codice QR: apre gli elementi di dettaglio/);

    // The QR code's address is an entry link of the brand; the alt text says the same address.
    expect(pdf.links).toHaveLength(1);
    const url = new URL(pdf.links[0]!);
    expect(url.searchParams.get('company')).toBe('sga');
    expect(pdf.figureAlts[1]).toContain(pdf.links[0]);
    const hashCode = /^\/link\/([^/]+)$/.exec(url.pathname)?.[1];
    expect(hashCode).toBeTruthy();

    // Logged out it opens nothing: the bill is not a guest's (the page asks for a login and comes back).
    const guest = await demo.send('GET', `Core/v1/links/${hashCode}`, await demo.guest());
    expect(guest.statusCode).toBe(401);
    expect(guest.body).not.toContain(invoice.key);
    // The holder, logged in, is sent to this bill's page.
    const link = await demo.data(`Core/v1/links/${hashCode}`, mario);
    expect(link.target).toEqual({ page: 'invoice', invoiceKey: invoice.key });
    // Someone else logged in is refused the link itself (its customer is not theirs), and the bill.
    const other = await demo.logIn('bianchisrl');
    const refused = await demo.send('GET', `Core/v1/links/${hashCode}`, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(invoice.key);
    expect((await demo.send('GET', `Erp/v1/invoices/${invoice.key}/detail`, other)).statusCode).toBe(403);
  }, 180_000);

  it('the offer sheet', async () => {
    const mario = await demo.logIn('mariorossi');
    const [customer] = (await demo.data('Erp/v1/customers', mario)).customers;
    const { supplies } = await demo.data(`Erp/v1/supplies?customerKey=${customer.key}`, mario);
    const offerId = supplies.find((s: { offerId: string | null }) => s.offerId !== null).offerId;
    const file = await demo.data(`Erp/v1/offers/${offerId}/document`, mario);
    const pdf = await readPdfStructure(Buffer.from(file.data, 'base64'));
    expectReadable(pdf);
    expect(pdf.roles).toContain('H2');
  }, 180_000);

  it('the maintenance document: its visits as a list', async () => {
    const bytes = await renderMaintenancePdf(
      {
        document: { title: 'Rapporto di controllo 2024', kind: 'Rapporto', issueDate: '2024-10-10' },
        contract: {
          key: 'MNT-1',
          product: 'Manutenzione caldaia',
          status: 'Attivo',
          startDate: '2024-01-01',
          annualFeeCents: 12_900,
        },
        supplyAddress: 'Via Roma 1, Milano',
        supplyPointCode: '00881234567890',
        brand: { name: 'Sportello Gas', primaryColor: '#00557f' },
        visits: [
          {
            visitDate: '2024-10-10',
            kind: 'Controllo',
            done: true,
            technician: 'G. Verdi',
            outcome: 'Regolare',
          },
          { visitDate: '2025-10-10', kind: 'Controllo', done: false, technician: null, outcome: null },
        ],
      },
      new Date(),
    );
    const pdf = await readPdfStructure(bytes);
    expectReadable(pdf);
    expect(pdf.roles.filter((r) => r === 'LI')).toHaveLength(2);
  });
});
