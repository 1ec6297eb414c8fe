// The bill's front page (ADR 031, ADR 068) as the printed PDF says it, for every kind of demo bill
// (each type and commodity, a disputed one): page 1 names the market, where and how to file a
// complaint, the offer's expiry and the yearly consumption; its scontrino gives each quota as
// quantity × unit price and the TV licence on a line of its own; a bill whose collection a complaint
// suspends says so on page 1; and no text runs past the edge of any page. Every figure is the bill
// answer's (the same object the page draws), so the test reads them from there.
import { describe, expect, it } from 'vitest';
import type { erpInvoices } from '@sportello/contract';
import { formatDate, formatEuro, quotaQuantityText } from '@sportello/domain';
import { SUSPENDED_TEXT } from '../src/integrations/pdf/bill-notices.js';
import { renderBillPdf } from '../src/integrations/pdf/bill-pdf.js';
import { useDemoApp } from './demo-app.js';
import { pdfPages, textOffThePage } from './pdf-text.js';

const number = (n: number) => new Intl.NumberFormat('it-IT').format(n);
const euro = (cents: number) => formatEuro(cents).replace(/\u00a0/g, ' ');
/** pdfjs may split or join runs of text: compare with every run of spaces as one. */
const squash = (text: string) => text.replace(/\s+/g, ' ');

type Bill = erpInvoices.InvoiceBill;

describe('the bill’s front page, printed', () => {
  const demo = useDemoApp();

  /** One printed bill of each type, commodity and collection state, with its answer. */
  async function everyKindOfBill() {
    const kinds = new Map<string, { bill: Bill; pdf: Buffer }>();
    for (const username of ['mariorossi', 'bianchisrl', 'condominioaurora']) {
      const session = await demo.logIn(username);
      for (const customer of (await demo.data('Erp/v1/customers', session)).customers) {
        const { invoices } = await demo.data(
          `Erp/v1/invoices?customerId=${customer.id}&pagingTake=100`,
          session,
        );
        for (const invoice of invoices as erpInvoices.Invoice[]) {
          if (invoice.documentId === null) continue;
          const bill: Bill = await demo.data(`Erp/v1/invoices/${invoice.key}/detail`, session);
          const kind = `${username} ${invoice.invoiceTypeCode} ${bill.commodity}${bill.collectionSuspended ? ' disputed' : ''}`;
          if (kinds.has(kind)) continue;
          if (!(await demo.data(`Erp/v1/documents/${invoice.documentId}/exists`, session)).exists) continue;
          const file = await demo.data(`Erp/v1/documents/${invoice.documentId}`, session);
          kinds.set(kind, { bill, pdf: Buffer.from(file.data, 'base64') });
        }
      }
    }
    return kinds;
  }

  it('every kind of bill: the front page whole on page 1, nothing past the page’s edge', async () => {
    const kinds = await everyKindOfBill();
    expect([...kinds.keys()].join(', ')).toMatch(/electricity.*disputed|disputed.*electricity/);
    expect([...kinds.keys()].join(', ')).toMatch(/gas/);
    expect([...kinds.keys()].join(', ')).toMatch(/heat/);
    let licences = 0;
    for (const [kind, { bill, pdf }] of kinds) {
      expect(await textOffThePage(pdf), kind).toEqual([]);
      const first = squash((await pdfPages(pdf))[0]!);
      const { frontPage } = bill;
      // Every part of the front page, the QR code's last, is on page 1.
      for (const part of frontPage.parts) expect(first, `${kind}: ${part.title}`).toContain(part.title);

      // The market the supply is served on.
      expect(frontPage.market, kind).not.toBeNull();
      expect(first, kind).toContain(frontPage.market!.label);
      // Where and how to file a complaint, and where to turn next.
      expect(first, kind).toContain(squash(frontPage.complaints.howToFile));
      expect(first, kind).toContain(bill.company.legalAddress);
      expect(first, kind).toContain(squash(frontPage.complaints.nextSteps));
      // The yearly consumption, with the days it covers.
      if (bill.totalCents > 0) {
        expect(frontPage.yearlyConsumption, kind).not.toBeNull();
        const yearly = frontPage.yearlyConsumption!;
        expect(first, kind).toContain(
          `Consumo annuo ${number(yearly.quantity)} ${yearly.unit} dal ${formatDate(yearly.from)} al ${formatDate(yearly.to)}`,
        );
      }
      // Each offer's expiry.
      for (const offer of frontPage.offers)
        expect(first, kind).toContain(
          offer.endsOn
            ? `Condizioni economiche valide fino al ${formatDate(offer.endsOn)}`
            : 'Condizioni economiche senza scadenza',
        );
      // The scontrino: each quota as quantity × unit price.
      for (const quota of frontPage.energyReceipt.quotas) {
        if (quota.quantity === null) continue;
        expect(first, `${kind} ${quota.label}`).toContain(squash(quotaQuantityText(quota)));
      }
      const consumption = frontPage.energyReceipt.quotas.find((q) => q.kind === 'consumption')!;
      if (bill.totalCents > 0)
        expect(quotaQuantityText(consumption), kind).toMatch(
          new RegExp(
            `^${number(bill.consumption.quantity).replace('.', '\\.')} (kWh|Smc) × \\d+,\\d\\d cent/(kWh|Smc)$`,
          ),
        );
      // The TV licence is a line of its own, never summed into "altre partite".
      const licence = frontPage.energyReceipt.others.find((l) => l.kind === 'tv_licence');
      if (licence) {
        licences++;
        expect(first, kind).toContain(`Canone TV ${euro(licence.amountCents)}`);
      }
      // A bill whose collection a complaint suspends says so on its first page.
      if (bill.collectionSuspended) expect(first, kind).toContain(squash(SUSPENDED_TEXT));
    }
    expect(licences).toBeGreaterThan(0);
  }, 300_000);

  it('the served-by-default market, a social bonus and a compensation are each said apart', async () => {
    const session = await demo.logIn('mariorossi');
    const [customer] = (await demo.data('Erp/v1/customers', session)).customers;
    const { invoices } = await demo.data(`Erp/v1/invoices?customerId=${customer.id}&typeCodes=1`, session);
    const bill: Bill = await demo.data(`Erp/v1/invoices/${invoices[0].key}/detail`, session);
    const others = bill.frontPage.energyReceipt.others;
    const drawn: Bill = {
      ...bill,
      frontPage: {
        ...bill.frontPage,
        market: { code: 'tutele_graduali', label: 'Servizio a tutele graduali' },
        energyReceipt: {
          ...bill.frontPage.energyReceipt,
          others: [
            ...others,
            { kind: 'social_bonus', label: 'Bonus sociale', amountCents: -4_500 },
            { kind: 'compensation', label: 'Indennizzi automatici', amountCents: -3_000 },
          ],
        },
      },
    };
    const pdf = await renderBillPdf(
      drawn,
      { logoMark: 'sun', primaryColor: '#00557f', accentColor: '#f0a500' },
      new Date(),
      'https://sportello.example/link/abc?company=sga',
    );
    const first = squash((await pdfPages(pdf))[0]!);
    expect(first).toContain('Servizio a tutele graduali');
    expect(first).toContain(`Bonus sociale ${euro(-4_500)}`);
    expect(first).toContain(`Indennizzi automatici ${euro(-3_000)}`);
    expect(await textOffThePage(pdf)).toEqual([]);
  }, 180_000);
});
