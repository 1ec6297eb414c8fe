// Invoices and payments: pay one bill through the test gateway and see it paid on the
// dashboard, pay two at once, cancel ('Pagamento annullato'), download the PDF and read its text,
// compare two bills, request installments, pay an installment; screenshots at 375 and 1280 px. Each test uses its own
// brand (each brand has its own copy of the demo customer), so payments never see each other.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../../server/test/pdf-text';
import { ACCOUNTS, type Brand } from '../support/accounts';
import {
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  VIEWPORTS,
} from '../support/app';

const TEST_CARD = '4242 4242 4242 4242';

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const toPay = (page: Page) => region(page, 'Da pagare');

async function openInvoices(page: Page, brand: Brand, username: string = ACCOUNTS.privateCustomer) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, brand, username);
  await page.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first().click();
  await expectPage(page, '/invoices', 'Bollette');
  await expect(toPay(page).getByText('Resta da pagare')).toBeVisible();
}

/** On the hosted test page: the test card pays, the other button cancels. */
async function payOnGateway(page: Page, action: 'pay' | 'cancel') {
  await expect(page.getByLabel('Numero della carta')).toBeVisible();
  await expectAccessible(page);
  if (action === 'cancel') {
    await page.getByRole('button', { name: 'Annulla e torna al portale' }).click();
    return;
  }
  await page.getByLabel('Numero della carta').fill(TEST_CARD);
  await page.getByLabel('Scadenza (MM/AA)').fill('12/39');
  await page.getByLabel('Codice di sicurezza (CVC)').fill('123');
  await page.getByRole('button', { name: /^Paga / }).click();
}

test('list: what to pay first, five per page, filtered by type, with screenshots', async ({ page }) => {
  // The customers page and the dashboard's 'Cambia cliente' share one query: one request.
  const customerLists: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/portalapi/Erp/v1/customers'))
      customerLists.push(request.url());
  });
  await openInvoices(page, 'sgr');
  expect(customerLists).toHaveLength(1);
  await expect(region(page, 'Le tue bollette').getByRole('listitem')).toHaveCount(5);
  // Each bill names its supply, commodity first: two of Mario's supplies are both 'Casa'.
  for (const item of await region(page, 'Le tue bollette').getByRole('listitem').all())
    await expect(item).toContainText(/(Luce|Gas|Teleriscaldamento) · /);
  await screenshotBothSizes(page, 'invoices');

  // Filter by type: the URL carries typeCodes, the list follows.
  await page.getByRole('radio', { name: 'Note di credito' }).click();
  await expect(page).toHaveURL(/typeCodes=4/);
  await expect(page.getByRole('radio', { name: 'Note di credito' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Tutti' }).click();
  await expect(page).not.toHaveURL(/typeCodes/);
});

test('pays one bill from the dashboard card and sees it paid there', async ({ page }) => {
  test.slow(); // the gateway's notification arrives with the next poll of the jobs queue
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sgr', ACCOUNTS.privateCustomer);

  // From the dashboard card: "Paga" opens the bill, whose first figure is what to pay.
  const card = region(page, 'Bollette da pagare');
  const payLink = card.getByRole('link', { name: /^Paga la bolletta n\. / }).first();
  const label = (await payLink.getAttribute('aria-label')) ?? '';
  const number = label.replace('Paga la bolletta n. ', '');
  await payLink.click();
  await expectPage(page, /\/invoice\/\d+$/, new RegExp(number));
  await expect(page.getByText('Lo scontrino dell’energia')).toBeVisible();
  await screenshotBothSizes(page, 'invoice');

  await page.getByRole('button', { name: /^Paga / }).click();
  await payOnGateway(page, 'pay');
  await expectPage(page, /\/invoice\/\d+\/payment_ok\?payment=/, 'Esito del pagamento');
  await expect(page.getByRole('heading', { name: 'Pagamento riuscito' })).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();
  await screenshotBothSizes(page, 'payment-ok');

  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
  await expectPage(page, '/dashboard', /^Ciao, /);
  await expect(region(page, 'Bollette da pagare')).toBeVisible();
  await expect(region(page, 'Bollette da pagare').getByText(`Bolletta n. ${number}`)).toHaveCount(0);
});

test('pays two bills at once', async ({ page }) => {
  test.slow();
  // Mario has one bill to pay by hand: the others are on direct debit, suspended or in installments.
  await openInvoices(page, 'ast', ACCOUNTS.business);
  const boxes = toPay(page).getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(toPay(page).getByText(/^2 bollette selezionate/)).toBeVisible();
  await expectAccessible(page);
  await toPay(page).getByRole('button', { name: 'Paga le bollette selezionate' }).click();
  await payOnGateway(page, 'pay');
  await expect(page.getByRole('heading', { name: 'Pagamento riuscito' })).toBeVisible();
  await expect(page.getByText(/^Bollette pagate: .+, .+/)).toBeVisible();
  await expectAccessible(page);
});

test('a cancelled payment says so and charges nothing', async ({ page }) => {
  await openInvoices(page, 'ast');
  await toPay(page).getByRole('checkbox').first().check();
  await toPay(page).getByRole('button', { name: 'Paga le bollette selezionate' }).click();
  await payOnGateway(page, 'cancel');
  await expectPage(page, /\/payment_ko\?payment=/, 'Esito del pagamento');
  await expect(page.getByRole('heading', { name: 'Pagamento annullato' })).toBeVisible();
  await screenshotBothSizes(page, 'payment-cancelled');
});

test('downloads the bill PDF: its text holds the bill number and total', async ({ page }) => {
  await openInvoices(page, 'msu');
  const first = region(page, 'Le tue bollette')
    .getByRole('link', { name: /^Vedi la bolletta n\. / })
    .first();
  const number = ((await first.getAttribute('aria-label')) ?? '').replace('Vedi la bolletta n. ', '');
  await first.click();
  await expectPage(page, /\/invoice\/\d+$/, new RegExp(number));
  const total = (await page.locator('.bill-scontrino__total td').textContent()) ?? '';
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica la bolletta (PDF)' }).click();
  const file = await (await download).path();
  const bytes = new Uint8Array(await readFile(file));
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(number);
  expect(text).toContain(total.replace(/\u00a0/g, ' '));
});

test('compares two bills and explains the differences', async ({ page }) => {
  await openInvoices(page, 'sgr');
  await region(page, 'Le tue bollette')
    .getByRole('link', { name: /^Vedi la bolletta n\. / })
    .first()
    .click();
  await page.getByRole('link', { name: 'Confronta con un’altra bolletta' }).click();
  await expectPage(page, /\/comparation$/, 'Confronta bollette');
  await page
    .getByRole('link', { name: /^Confronta con la n\. / })
    .first()
    .click();
  await expectPage(page, /\/comparation\/\d+$/, 'Confronta bollette');
  const changes = region(page, 'Cosa è cambiato');
  await expect(changes.getByText(/^Hai consumato/)).toBeVisible();
  await expect(changes.getByText(/^(Il periodo|I due periodi)/)).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Spesa per la materia energia');
  await screenshotBothSizes(page, 'invoice-comparison');
});

test('requests installments on a bill inside its window', async ({ page }) => {
  await openInvoices(page, 'msu');
  // A bill to pay that is not overdue was issued recently: its window is open.
  const open = toPay(page).getByRole('listitem').filter({ hasText: 'Da pagare' }).first();
  await open.getByRole('link', { name: /^Vedi la bolletta/ }).click();
  await page.getByRole('link', { name: 'Chiedi di pagare a rate' }).click();
  await expectPage(page, /\/request-installments\/[^/]+\/[^/]+$/, /^Rateizzazione della bolletta/);
  await page.getByLabel('Numero di rate').selectOption('4');
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page.getByRole('heading', { name: 'Richiesta inviata' })).toBeVisible();
  await screenshotBothSizes(page, 'invoice-installments-request');
});

test('pays an installment through the test gateway and sees it paid', async ({ page }) => {
  test.slow();
  await openInvoices(page, 'sgr');
  // The demo bill in instalments is overdue (one instalment is): flagged so, and 'In rate'.
  const planned = region(page, 'Le tue bollette')
    .getByRole('listitem')
    .filter({ hasText: 'In rate' })
    .first();
  await expect(planned.getByText('Scaduta', { exact: true })).toBeVisible();
  await planned.getByRole('link', { name: /^Vedi la bolletta/ }).click();
  await expectPage(page, /\/invoice\/\d+$/);
  const installments = page.getByRole('region', { name: 'Rate', exact: true });
  await expect(installments.getByText('Scaduta', { exact: true })).toHaveCount(1);
  await page.getByRole('link', { name: 'Paga le rate' }).click();
  await expectPage(page, /\/installments-to-pay$/, /^Rate da pagare della bolletta n\. /);
  const overdue = page.getByRole('listitem').filter({ has: page.getByText('Scaduta', { exact: true }) });
  await expect(overdue).toHaveCount(1);
  const label = (await overdue.getByRole('checkbox').getAttribute('aria-label')) ?? '';
  const number = label.replace('Seleziona la rata ', '');
  await overdue.getByRole('checkbox').check();
  await screenshotBothSizes(page, 'installments-to-pay');
  await page.getByRole('button', { name: 'Paga le rate selezionate' }).click();
  await payOnGateway(page, 'pay');
  await expectPage(page, /\/invoice\/\d+\/payment_ok\?payment=/, 'Esito del pagamento');
  await expect(page.getByRole('heading', { name: 'Pagamento riuscito' })).toBeVisible();

  // Back on the bill: that instalment is paid, none is overdue any more.
  await page.getByRole('link', { name: /^Torna alla bolletta/ }).click();
  await expectPage(page, /\/invoice\/\d+$/);
  const paid = installments.getByRole('listitem').filter({ hasText: `Rata ${number}:` });
  await expect(paid.getByText('Pagata')).toBeVisible();
  await expect(installments.getByText('Scaduta', { exact: true })).toHaveCount(0);
});

/** The ERP's own call (ADR 056): a token for the e2e client run.mjs creates, then the call. */
async function asErp(baseUrl: string, path: string, body: unknown) {
  const client = JSON.parse(process.env.E2E_ERP_CLIENT ?? 'null') as { id: string; secret: string } | null;
  if (!client)
    throw new Error('E2E_ERP_CLIENT is not set: run the specs with e2e/run.mjs, which creates one');
  const api = `${baseUrl}/services/rest/integration/v1`;
  const token = await fetch(`${api}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.secret,
    }),
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const res = await fetch(`${api}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ request: body }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

test('a bill the supplier cancels shows "Annullata" with its reason and is not offered for payment', async ({
  page,
  baseURL,
}) => {
  // The list's own answer names each bill's key: the demo's bills are the ERP's as `ERP-<key>`.
  const listed = page.waitForResponse((res) =>
    new URL(res.url()).pathname.endsWith('/portalapi/Erp/v1/invoices'),
  );
  await openInvoices(page, 'mes');
  const { data } = (await (await listed).json()) as {
    data: { invoices: { id: string; key: string; number: string; toPay: { way: string } }[] };
  };
  const bill = data.invoices.find((i) => i.toPay.way === 'pay');
  if (!bill) throw new Error('the demo customer has no bill to pay in this brand');
  await expect(
    toPay(page).getByRole('checkbox', { name: `Seleziona la bolletta n. ${bill.number}` }),
  ).toBeVisible();

  await asErp(baseURL ?? '', `brands/mes/bills/ERP-${bill.key}/cancellation`, {
    reason: 'Emessa due volte per lo stesso periodo',
  });

  await page.reload();
  await expect(toPay(page).getByText('Resta da pagare')).toBeVisible();
  await expect(
    toPay(page).getByRole('checkbox', { name: `Seleziona la bolletta n. ${bill.number}` }),
  ).toHaveCount(0);
  await screenshotBothSizes(page, 'invoices-cancelled');

  // The list is paged, overdue first: the bill's own page, by its id.
  await page.goto(`/invoice/${bill.id}`);
  await expectPage(page, /\/invoice\/\d+$/, new RegExp(bill.number));
  await expect(page.getByText('Questa bolletta è stata annullata: non devi pagarla.')).toBeVisible();
  await expect(page.getByText('Motivo: Emessa due volte per lo stesso periodo')).toBeVisible();
  await expect(page.getByText('Annullata', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Paga / })).toHaveCount(0);
  await screenshotBothSizes(page, 'invoice-cancelled');
});
