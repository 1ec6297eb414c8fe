// The bill's 2025 front page (ADR 031), read in a browser: the bill page shows
// what to pay first, then the scontrino by quota, the offer box and the detail elements, at 375 and
// 1280 px with axe (the market, yearly consumption, complaint channels, offer expiry and each quota
// as quantity × unit price among them); the QR code printed on its PDF carries an entry link that, opened in a fresh
// browser (logged out), asks for the login and lands on that bill's page.
import { expect, test } from '@playwright/test';
import type { erpInvoices } from '@sportello/contract';
import { readPdfStructure } from '../../server/test/pdf-structure';
import { ACCOUNTS } from '../support/accounts';
import {
  answerConsent,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  erpReader,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

test.describe.configure({ timeout: 300_000 });

test('the bill page follows the front page, and its QR code opens it after login', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'mes', ACCOUNTS.privateCustomer);
  const data = await erpReader(page);
  const { customers } = await data<{ customers: { id: string }[] }>('customers');
  const { invoices } = await data<{ invoices: erpInvoices.Invoice[] }>(
    `invoices?customerId=${customers[0]!.id}&typeCodes=1&pagingTake=50`,
  );
  let invoice: erpInvoices.Invoice | undefined;
  for (const candidate of invoices.filter((i) => i.documentId !== null)) {
    if ((await data<{ exists: boolean }>(`documents/${candidate.documentId}/exists`)).exists) {
      invoice = candidate;
      break;
    }
  }
  expect(invoice, 'a printed bill').toBeTruthy();
  const bill = await data<erpInvoices.InvoiceBill>(`invoices/${invoice!.id}/detail`);

  await page.goto(`/invoice/${invoice!.id}`);
  await expectPage(page, `/invoice/${invoice!.id}`, new RegExp(invoice!.number));
  // mes's mariorossi pays by SEPA direct debit, and his open complaint holds this bill's collection:
  // the page says it is suspended, never that the bank debits it, and offers no way to pay it.
  expect(bill.payment.method).toBe('direct_debit');
  expect(invoice!.overdue).toBe(false);
  expect(bill.collectionSuspended).toBe(true);
  const summary = page.locator('.bill-panel--summary');
  await expect(summary).toContainText('Pagamento sospeso per il reclamo in corso');
  await expect(summary).not.toContainText('addebit');
  await expect(summary.getByRole('button', { name: /^Paga/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Come pagare questa bolletta' })).toHaveCount(0);
  const receipt = page.getByRole('region', { name: 'Lo scontrino dell’energia' });
  for (const quota of bill.frontPage.energyReceipt.quotas) {
    await expect(receipt.getByRole('row', { name: new RegExp(`^${quota.label}`) })).toBeVisible();
  }
  // Each quota as quantity × unit price, the TV licence on a line of its own.
  for (const quota of bill.frontPage.energyReceipt.quotas.filter((q) => q.quantity !== null)) {
    const quantity = new Intl.NumberFormat('it-IT').format(quota.quantity!);
    await expect(receipt.getByRole('row', { name: new RegExp(`^${quota.label}`) })).toContainText(
      new RegExp(`${quantity.replace('.', '\\.')} ${quota.unit} × \\d+,\\d\\d cent/${quota.priceUnit}`),
    );
  }
  for (const line of bill.frontPage.energyReceipt.others)
    await expect(receipt.getByRole('row', { name: new RegExp(`^${line.label}`) })).toBeVisible();
  // The market, the yearly consumption and where to file a complaint, as the printed front page says.
  const supplyPanel = page.locator('.bill-panel', { has: page.locator('#bill-supplies') });
  await expect(supplyPanel).toContainText(bill.frontPage.market!.label);
  await expect(supplyPanel).toContainText('Consumo annuo');
  await expect(supplyPanel).toContainText(bill.frontPage.complaints.howToFile);
  await expect(supplyPanel.getByRole('link', { name: 'Presenta un reclamo' })).toHaveAttribute(
    'href',
    bill.frontPage.complaints.portalPath,
  );
  const offerBox = page.getByRole('region', { name: 'Il box dell’offerta' });
  await expect(offerBox).toContainText(bill.frontPage.offers[0]!.code);
  // The page writes the date in words ("30 giugno 2028"), as every date of the web app.
  await expect(offerBox).toContainText(
    /Condizioni economiche (valide fino al \d{1,2} \p{L}+ \d{4}|senza scadenza)/u,
  );
  await expect(page.getByRole('region', { name: 'Elementi di dettaglio' })).toBeVisible();
  // What to pay comes before the scontrino, the scontrino before the offer box and the detail.
  const tops = await Promise.all(
    [page.locator('.bill-panel--summary'), receipt, offerBox, page.locator('#dettaglio')].map(
      async (locator) => (await locator.boundingBox())!,
    ),
  );
  await page.setViewportSize(VIEWPORTS.mobile);
  const mobileTops = await Promise.all(
    [page.locator('.bill-panel--summary'), receipt, offerBox, page.locator('#dettaglio')].map(
      async (locator) => (await locator.boundingBox())!.y,
    ),
  );
  expect(mobileTops).toEqual([...mobileTops].sort((a, b) => a - b));
  expect(tops[1]!.y).toBeLessThan(tops[2]!.y);
  await screenshotBothSizes(page, 'bill-front-page');

  // The PDF's QR code: an entry link of the brand.
  const file = await data<{ data: string }>(`documents/${invoice!.documentId}`);
  const pdf = await readPdfStructure(Buffer.from(file.data, 'base64'));
  expect(pdf.links).toHaveLength(1);
  const target = new URL(pdf.links[0]!);
  expect(target.pathname).toMatch(/^\/link\//);

  // Opened in a fresh browser, logged out: the login, then this bill's page.
  const fresh = await browser.newContext({ viewport: VIEWPORTS.mobile });
  const phone = await fresh.newPage();
  await phone.goto(`${target.pathname}${target.search}`);
  await answerConsent(phone);
  await expectPage(phone, /\/login\?next=/, 'Accedi alla tua area clienti');
  await submitLogin(phone, ACCOUNTS.privateCustomer);
  // The link names the bill by its key.
  await expectPage(
    phone,
    new RegExp(`/invoice/(${invoice!.id}|${invoice!.key})$`),
    new RegExp(invoice!.number),
  );
  await expect(phone.getByRole('region', { name: 'Elementi di dettaglio' })).toBeVisible();
  await fresh.close();
});
