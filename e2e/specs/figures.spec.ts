// One figure per fact, read in the browser: a gas bill's page names its supply and speaks
// of gas, and its page, its PDF, the API and the consumption chart of its period give one quantity; a
// credit note reads as a credit and its PDF downloads; the comparison offers only the same supply's
// bills (previous, last year) and fits a phone, as does the readings archive. Screenshots at 375 and
// 1280 px with axe. Each test has its own brand, so nothing one does is seen by another.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { erpInvoices } from '@sportello/contract';
import { pdfText } from '../../server/test/pdf-text';
import { ACCOUNTS, type Brand } from '../support/accounts';
import { expectPage, logInToDashboard, screenshotBothSizes, sessionIdOf, VIEWPORTS } from '../support/app';

test.describe.configure({ timeout: 300_000 });

type Bill = erpInvoices.InvoiceBill;
const number = (n: number) => new Intl.NumberFormat('it-IT').format(n);

/** What the API answers the logged-in page (the same session), to compare the screen with. */
async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`/services/rest/portalapi/Erp/v1/${path}`, {
    headers: { sessionid: (await sessionIdOf(page)) ?? '' },
  });
  expect(res.status(), path).toBe(200);
  return (await res.json()).data as T;
}

async function billsOf(page: Page, brand: Brand): Promise<{ id: string; bill: Bill }[]> {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, brand, ACCOUNTS.privateCustomer);
  const { customers } = await api<{ customers: { id: string }[] }>(page, 'customers');
  const list = await api<{ invoices: { id: string }[] }>(
    page,
    `invoices?customerId=${customers[0]!.id}&pagingTake=100`,
  );
  return Promise.all(
    list.invoices.map(async ({ id }) => ({ id, bill: await api<Bill>(page, `invoices/${id}/detail`) })),
  );
}

async function downloadPdf(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica la bolletta (PDF)' }).click();
  const bytes = new Uint8Array(await readFile(await (await download).path()));
  return (await pdfText(bytes)).replace(/\s+/g, ' ');
}

test('a gas bill: its page, PDF, API and chart give one consumption, in the words of gas', async ({
  page,
}) => {
  const bills = await billsOf(page, 'ast');
  const { id, bill } = bills.find(
    (b) => b.bill.commodity === 'gas' && b.bill.invoice.invoiceTypeCode === 1 && b.bill.invoice.documentId,
  )!;
  const quantity = `${number(bill.consumption.quantity)} Smc`;
  const supply = bill.supplies[0]!;

  await page.goto(`/invoice/${id}`);
  await expectPage(page, `/invoice/${id}`, new RegExp(bill.invoice.number));
  const supplyPanel = page.getByRole('region', { name: 'Fornitura di gas naturale' });
  await expect(supplyPanel).toContainText('PDR');
  await expect(supplyPanel).toContainText(supply.pointCode);
  await expect(supplyPanel).toContainText(supply.emergency.phone);
  const receipt = page.getByRole('region', { name: 'Lo scontrino dell’energia' });
  // The 2025 scontrino by quota (ADR 031); the gas heading stays in the detail elements.
  await expect(receipt).toContainText('Quota consumi');
  const details = page.getByRole('region', { name: 'Elementi di dettaglio' });
  await expect(details).toContainText('Spesa per la materia gas naturale');
  await expect(page.locator('main')).not.toContainText('materia energia');
  await expect(receipt.getByText('Consumo fatturato nel periodo').locator('xpath=..')).toContainText(
    quantity,
  );
  await screenshotBothSizes(page, 'bill-gas');

  const text = await downloadPdf(page);
  expect(text).toContain(`Consumo fatturato nel periodo ${quantity}`);
  expect(text).toContain(supply.pointCode);
  expect(text).not.toContain('materia energia');

  // The chart of the bill's own period shows the billed quantity, with no F1/F2/F3 legend.
  const { id: supplyId } = await api<{ id: string }>(page, `supplies/${supply.key}`);
  await page.goto(`/supplies/${supplyId}/graphs`);
  await expectPage(page, `/supplies/${supplyId}/graphs`, 'Grafico dei consumi');
  await page.getByLabel('Dal').fill(bill.invoice.periodStart!);
  await page.getByLabel('Al (incluso)').fill(bill.invoice.periodEnd!);
  await page.getByRole('button', { name: 'Mostra' }).click();
  await expect(page.locator('.chart-total strong')).toHaveText(quantity);
  await expect(page.getByRole('heading', { name: 'Legenda' })).toBeHidden();
  // The € of the bill's months is the bill's quota energia lines, to the cent (ADR 059).
  await page.getByRole('radio', { name: /^€/ }).check();
  await expect(page.getByText(/righe «Quota energia»/)).toBeVisible();
  const quotaEnergia = bill.sections
    .flatMap((s) => s.lines)
    .filter((l) => l.label.startsWith('Quota energia'))
    .reduce((sum, l) => sum + l.amountCents, 0);
  await expect(page.locator('.chart-total strong')).toContainText(
    (quotaEnergia / 100).toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  await screenshotBothSizes(page, 'graphs-gas');
});

test('a credit note reads as a credit, without a price per unit, and its PDF downloads', async ({ page }) => {
  const bills = await billsOf(page, 'sga');
  const { id, bill } = bills.find((b) => b.bill.invoice.invoiceTypeCode === 4)!;
  await page.goto(`/invoice/${id}`);
  await expectPage(page, `/invoice/${id}`, new RegExp(bill.invoice.number));
  await expect(page.getByText('Nota di credito: importo a tuo credito')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Costo medio');
  // Nothing was paid: the summary names the credit, never 'Questa bolletta è pagata'.
  await expect(page.getByText('Importo a tuo credito', { exact: true })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('è pagata');
  await screenshotBothSizes(page, 'credit-note');
  const text = await downloadPdf(page);
  expect(text).toContain('Importo a tuo credito');
  expect(text).not.toContain('Totale da pagare');
});

test('a bill is compared with its own supply’s bills only, and the comparison fits a phone', async ({
  page,
}) => {
  const bills = await billsOf(page, 'sgr');
  // Bills, closing bills and recalculations are compared; credit notes and instalments are not.
  const gas = bills.filter(
    (b) => b.bill.commodity === 'gas' && [1, 2, 9, 31].includes(b.bill.invoice.invoiceTypeCode),
  );
  const electricity = bills.find((b) => b.bill.commodity === 'electricity')!;
  const { id } = gas.find((b) => b.bill.invoice.invoiceTypeCode === 1)!;

  await page.goto(`/invoice/${id}/comparation`);
  await expectPage(page, `/invoice/${id}/comparation`, 'Confronta bollette');
  const choose = page.getByRole('region', { name: /^Scegli la bolletta/ });
  await expect(choose.getByRole('link', { name: /^La bolletta precedente/ })).toBeVisible();
  await expect(choose.getByRole('link', { name: /^Lo stesso periodo dell’anno scorso/ })).toBeVisible();
  const offered = await choose.getByRole('link').count();
  expect(offered).toBe(gas.length - 1);
  await screenshotBothSizes(page, 'compare-choose');

  await choose.getByRole('link', { name: /^La bolletta precedente/ }).click();
  await expectPage(page, /\/comparation\/\d+$/, 'Confronta bollette');
  // The two bills side by side (above it, the difference split by part: ADR 070).
  const compared = page.getByRole('table', { name: /^Bolletta n\. / });
  await expect(compared).toContainText('Spesa per la materia gas naturale');
  await screenshotBothSizes(page, 'compare-table');
  await page.setViewportSize(VIEWPORTS.mobile);
  for (const table of await page.getByRole('table').all())
    expect(await table.evaluate((t) => t.scrollWidth - t.clientWidth)).toBeLessThanOrEqual(0);

  // Another supply's bill, even by a typed address, is not compared.
  await page.goto(`/invoice/${id}/comparation/${electricity.id}`);
  await expect(page.getByRole('alert')).toHaveText(
    'Si possono confrontare solo bollette della stessa fornitura: scegline un’altra.',
  );
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('the readings archive fits a phone', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'msu', ACCOUNTS.privateCustomer);
  await page.goto('/self-reading/archive');
  await expectPage(page, '/self-reading/archive', 'Archivio letture');
  await expect(page.getByRole('table').first()).toBeVisible();
  await screenshotBothSizes(page, 'readings-archive-cards');
  await page.setViewportSize(VIEWPORTS.mobile);
  // Nothing scrolls sideways inside its box either: every reading fits the phone's width.
  const hidden = await page
    .locator('.table-scroll')
    .evaluateAll((boxes) => boxes.map((box) => box.scrollWidth - box.clientWidth));
  expect(Math.max(...hidden)).toBeLessThanOrEqual(0);
});
