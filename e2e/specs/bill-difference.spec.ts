// "Why is this bill different?" (ADR 070) in a browser: mariorossi opens his latest electricity bill
// and reads, right after what to pay, one sentence on why it differs from the previous bill, then the
// parts, which are the API's figures and the PDF's, and add up to the difference; the same against the
// same period last year; the comparison page says it too; his oldest bill says there is none before
// it. At 375 and 1280 px with axe.
import { expect, test, type Locator } from '@playwright/test';
import type { erpInvoices } from '@sportello/contract';
import { formatSignedEuro } from '@sportello/domain';
import { pdfText } from '../../server/test/pdf-text';
import { ACCOUNTS } from '../support/accounts';
import { expectPage, logInToDashboard, screenshotBothSizes, erpReader, VIEWPORTS } from '../support/app';

test.describe.configure({ timeout: 300_000 });

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The sentence, then each part's row with its figure, then the total. */
async function expectExplained(region: Locator, difference: erpInvoices.BillDifference) {
  await expect(region).toContainText(difference.sentence);
  for (const part of difference.parts) {
    const row = region.getByRole('row', { name: new RegExp(`^${part.label.replace(/[()]/g, '\\$&')}`) });
    expect(words(await row.innerText())).toContain(words(formatSignedEuro(part.amountCents)));
  }
  const total = region.getByRole('row', { name: /^Differenza totale/ });
  expect(words(await total.innerText())).toContain(words(formatSignedEuro(difference.totalCents!)));
}

test('mariorossi reads why his latest electricity bill differs, with parts that add up', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  const data = await erpReader(page);
  const { customers } = await data<{ customers: { id: string }[] }>('customers');
  const { invoices } = await data<{ invoices: erpInvoices.Invoice[] }>(
    `invoices?customerId=${customers[0]!.id}&typeCodes=1&pagingTake=50`,
  );
  const electricity: erpInvoices.InvoiceBill[] = [];
  for (const invoice of invoices) {
    const bill = await data<erpInvoices.InvoiceBill>(`invoices/${invoice.id}/detail`);
    if (bill.commodity === 'electricity') electricity.push(bill);
  }
  const bill = electricity[0]!;
  const { previous, lastYear } = bill.difference;
  expect(previous.status).toBe('explained');
  expect(previous.parts.reduce((sum, p) => sum + p.amountCents, 0)).toBe(previous.totalCents);

  await page.goto(`/invoice/${bill.invoice.id}`);
  await expectPage(page, `/invoice/${bill.invoice.id}`, new RegExp(bill.invoice.number));
  const panel = page.getByRole('region', { name: 'Perché questa bolletta è diversa' });
  await expectExplained(panel.getByRole('group', { name: /^Rispetto alla bolletta precedente/ }), previous);
  if (lastYear.status === 'explained')
    await expectExplained(
      panel.getByRole('group', { name: /^Rispetto allo stesso periodo dell’anno scorso/ }),
      lastYear,
    );
  // Said right after what to pay.
  const summaryBox = (await page.locator('.bill-panel--summary').boundingBox())!;
  expect((await panel.boundingBox())!.y).toBeGreaterThan(summaryBox.y);
  await screenshotBothSizes(page, 'bill-difference');

  // The PDF prints the page's sentence and figures.
  if (bill.invoice.documentId) {
    const file = await data<{ data: string }>(`documents/${bill.invoice.documentId}`);
    const text = words(await pdfText(Buffer.from(file.data, 'base64')));
    expect(text).toContain(words(previous.sentence));
    for (const part of previous.parts)
      expect(text).toContain(words(`${part.label} ${formatSignedEuro(part.amountCents)}`));
  }

  // The two bills side by side say the same explanation first.
  await page.setViewportSize(VIEWPORTS.desktop);
  await panel
    .getByRole('link', { name: `Vedi le due bollette affiancate (n. ${previous.other!.number})` })
    .click();
  await expectPage(page, `/invoice/${bill.invoice.id}/comparation/${previous.other!.id}`);
  await expectExplained(page.getByRole('group', { name: /^Rispetto alla bolletta precedente/ }), previous);
  await screenshotBothSizes(page, 'bill-difference-comparison');

  // His oldest electricity bill has none before it, and says so without a breakdown.
  const oldest = electricity.at(-1)!;
  expect(oldest.difference.previous.reason).toBe('first_bill');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`/invoice/${oldest.invoice.id}`);
  await expectPage(page, `/invoice/${oldest.invoice.id}`, new RegExp(oldest.invoice.number));
  const first = page.getByRole('region', { name: 'Perché questa bolletta è diversa' });
  await expect(first).toContainText('È la prima bolletta di questa fornitura nel portale');
  await expect(
    first.getByRole('group', { name: /^Rispetto alla bolletta precedente/ }).getByRole('table'),
  ).toHaveCount(0);
  await screenshotBothSizes(page, 'bill-difference-first');
});
