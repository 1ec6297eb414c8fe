// Money in view: a payment waiting for the gateway's confirmation is shown as
// such everywhere and not offered again; a refused card's page never says "do not pay again" and
// offers 'Riprova'; an open insolvency warns of suspension with the bills to pay; a bill in
// installments shows the installment to pay, paid oldest first; installments are previewed before
// asking and the request is remembered; a brand without online payment tells how to pay offline;
// the dashboard leads with what to pay; a bill the bank debits is never asked for (ADR 052). Each test
// uses its own brand's copy of the demo customer.
import { expect, test, type Page } from '@playwright/test';
import type { erpInvoices } from '@sportello/contract';
import { ACCOUNTS, type Brand } from '../support/accounts';
import {
  chooseBrand,
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  erpReader,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

const CARD_ACCEPTED_NEVER_NOTIFIED = '4000 0000 0000 0259';
const CARD_REFUSED = '4000 0000 0000 0002';
const WAITING = 'Pagamento in attesa di conferma';

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const toPay = (page: Page) => region(page, 'Da pagare');

async function openInvoices(page: Page, brand: Brand, username: string = ACCOUNTS.privateCustomer) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, brand, username);
  await page.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first().click();
  await expectPage(page, '/invoices', 'Bollette');
  await expect(toPay(page).getByText('Resta da pagare')).toBeVisible();
}

async function payWithCard(page: Page, card: string) {
  await expect(page.getByLabel('Numero della carta')).toBeVisible();
  await page.getByLabel('Numero della carta').fill(card);
  await page.getByLabel('Scadenza (MM/AA)').fill('12/39');
  await page.getByLabel('Codice di sicurezza (CVC)').fill('123');
  await page.getByRole('button', { name: /^Paga / }).click();
}

/** Picks the first bill of the to-pay panel and answers its number. */
async function selectFirstBill(page: Page): Promise<string> {
  const box = toPay(page).getByRole('checkbox').first();
  const number = ((await box.getAttribute('aria-label')) ?? '').replace('Seleziona la bolletta n. ', '');
  await box.check();
  return number;
}

test('a payment accepted but not yet confirmed shows as waiting on the bill, the list and the dashboard', async ({
  page,
}) => {
  await openInvoices(page, 'msu');
  const number = await selectFirstBill(page);
  await toPay(page).getByRole('button', { name: 'Paga le bollette selezionate' }).click();
  await payWithCard(page, CARD_ACCEPTED_NEVER_NOTIFIED);
  await expectPage(page, /\/payment_ok\?payment=/, 'Esito del pagamento');
  await expect(page.getByRole('heading', { name: WAITING })).toBeVisible();

  // The bill: waiting for confirmation, neither overdue nor payable.
  await page.getByRole('link', { name: /^Torna alla bolletta/ }).click();
  await expectPage(page, /\/invoice\/\d+$/, new RegExp(number));
  await expect(page.getByText(WAITING).first()).toBeVisible();
  await expect(page.getByText(/pagala appena puoi/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Paga / })).toHaveCount(0);
  await screenshotBothSizes(page, 'money-pending-bill');

  // The list: flagged, and no box to pay it again.
  await page.goto('/invoices');
  await expectPage(page, '/invoices', 'Bollette');
  const row = toPay(page).getByRole('listitem').filter({ hasText: number });
  await expect(row.getByText(WAITING)).toBeVisible();
  await expect(row.getByRole('checkbox')).toHaveCount(0);

  // The dashboard: the same words, no 'Paga' for that bill.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
  await expectPage(page, '/dashboard', /^Ciao, /);
  const line = region(page, 'Bollette da pagare').getByRole('listitem').filter({ hasText: number });
  await expect(line.getByText(WAITING)).toBeVisible();
  await expect(line.getByRole('link', { name: `Paga la bolletta n. ${number}` })).toHaveCount(0);
  await screenshotBothSizes(page, 'money-pending-dashboard');
});

test('a refused card never says "do not pay again" and its page offers Riprova', async ({ page }) => {
  await openInvoices(page, 'ast');
  // Everything the page ever shows is recorded, so a text shown for two seconds is caught.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await selectFirstBill(page);
  await toPay(page).getByRole('button', { name: 'Paga le bollette selezionate' }).click();
  await payWithCard(page, CARD_REFUSED);
  await expectPage(page, /\/payment_ko\?payment=/, 'Esito del pagamento');
  await expect(page.getByRole('heading', { name: 'Pagamento non riuscito' })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts.join('\n'));
  expect(seen).not.toContain('Non ripetere il pagamento');
  expect(seen).not.toContain(WAITING);
  await screenshotBothSizes(page, 'money-payment-refused');
  await page.getByRole('button', { name: 'Riprova il pagamento' }).click();
  await expect(page.getByLabel('Numero della carta')).toBeVisible();
  await expectAccessible(page);
});

test('an open insolvency warns of suspension and offers to pay the bills behind it', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sgr', ACCOUNTS.business);
  const warning = region(page, 'Attenzione: pagamenti in ritardo');
  // The amount is the brand's copy's; the date is the oldest unpaid due date, which moves with the
  // day the demo world is built.
  await expect(
    warning.getByText(/^Risultano importi non pagati per [\d.]+,\d{2}\s€ dal \d{1,2} \p{Ll}+ \d{4}\.$/u),
  ).toBeVisible();
  await expect(warning.getByText(/costituzione in mora/)).toBeVisible();
  await expect(warning.getByText(/rischio di sospensione della fornitura/)).toBeVisible();
  await expect(warning.getByRole('link', { name: /^Bolletta n\. / }).first()).toBeVisible();
  await expect(warning.getByRole('button', { name: /^Paga queste bollette/ })).toBeEnabled();
  await screenshotBothSizes(page, 'money-insolvency');
  // The bills page says it too, above what to pay.
  await page.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first().click();
  await expectPage(page, '/invoices', 'Bollette');
  await expect(warning.getByText(/rischio di sospensione della fornitura/)).toBeVisible();
  await expect(warning.getByRole('button', { name: /^Paga queste bollette/ })).toBeEnabled();
  await screenshotBothSizes(page, 'money-insolvency-bills');
});

test('the dashboard leads with what to pay; a bill in installments shows its installment, paid oldest first', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'ast', ACCOUNTS.privateCustomer);
  const card = region(page, 'Bollette da pagare');
  await expect(card.getByText(/^Da pagare(: la prima è scaduta il| entro il) \d/)).toBeVisible();
  // The bill in installments is paid installment by installment, from its row; the one other bill to pay
  // whole (the gas bills wait for the readings complaint) from its own: nothing calls a smaller amount
  // than the total above 'tutto'.
  await expect(card.getByRole('button', { name: /^Paga tutto/ })).toHaveCount(0);
  await expect(card.getByRole('link', { name: /^Paga la bolletta n\. / })).toHaveCount(1);
  // What to pay comes before the reading window and the other cards.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings[0]).toBe('Bollette da pagare');

  const planned = card.getByRole('listitem').filter({ hasText: /In rate/ });
  await expect(planned.getByText(/^In rate: rata n\. 2 scaduta il /)).toBeVisible();
  await screenshotBothSizes(page, 'money-dashboard');
  await planned.getByRole('link', { name: /^Paga le rate della bolletta n\. / }).click();
  await expectPage(page, /\/installments-to-pay$/, /^Rate da pagare della bolletta n\. /);
  // Installment 3 waits for the overdue installment 2.
  await expect(page.getByRole('checkbox', { name: 'Seleziona la rata 3' })).toBeDisabled();
  await expect(
    page.getByText('Si paga dopo la rata n. 2: le rate si pagano in ordine di scadenza.'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Seleziona la rata 2' }).check();
  await expect(page.getByRole('checkbox', { name: 'Seleziona la rata 3' })).toBeEnabled();
  await screenshotBothSizes(page, 'money-installments-in-order');

  // The bill shows the overdue installment's due date, not its own.
  await page.getByRole('link', { name: /^Torna alla bolletta/ }).click();
  await expectPage(page, /\/invoice\/\d+$/);
  await expect(page.locator('.bill-total')).toContainText(/Rata n\. 2.+scaduta il /);
});

test('installments are previewed before asking, and the bill remembers the request', async ({ page }) => {
  await openInvoices(page, 'ast');
  const open = toPay(page).getByRole('listitem').filter({ hasText: 'Da pagare' }).first();
  await open.getByRole('link', { name: /^Vedi la bolletta/ }).click();
  await expectPage(page, /\/invoice\/\d+$/);
  const bill = page.url();
  await page.getByRole('link', { name: 'Chiedi di pagare a rate' }).click();
  await expectPage(page, /\/request-installments\/[^/]+\/[^/]+$/, /^Rateizzazione della bolletta/);
  await page.getByLabel('Numero di rate').selectOption('4');
  const preview = page.getByRole('table', { name: 'Anteprima del piano di rate' });
  await expect(preview.getByRole('row')).toHaveCount(5);
  await screenshotBothSizes(page, 'money-installments-preview');
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page.getByRole('heading', { name: 'Richiesta inviata' })).toBeVisible();
  await page.goto(bill);
  await expectPage(page, /\/invoice\/\d+$/);
  await expect(page.getByText(/^Richiesta di rateizzazione inviata il \d/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chiedi di pagare a rate' })).toHaveCount(0);

  // A paid bill never says its deadline has passed, not even on the request page reached by its URL.
  await page.goto('/invoices?page=3'); // past the overdue and recent bills: older, paid ones
  const paid = region(page, 'Le tue bollette')
    .getByRole('listitem')
    .filter({ has: page.getByText('Pagata', { exact: true }) })
    .first();
  await paid.getByRole('link', { name: /^Vedi la bolletta/ }).click();
  await expectPage(page, /\/invoice\/\d+$/);
  await page.goto(`${page.url()}/request-installments/any/any`);
  await expect(page.getByText('Questa bolletta è pagata: non c’è nulla da rateizzare.')).toBeVisible();
  await expect(page.getByText(/scadut/)).toHaveCount(0);
});

test('a brand without online payment tells how to pay an overdue bill', async ({ page }) => {
  await openInvoices(page, 'mes');
  const overdue = toPay(page).getByRole('listitem').filter({ hasText: 'Scaduta' }).first();
  const link = overdue.getByRole('link', { name: /^Vedi la bolletta/ });
  const number = ((await link.getAttribute('aria-label')) ?? '').replace('Vedi la bolletta n. ', '');
  await link.click();
  await expectPage(page, /\/invoice\/\d+$/, new RegExp(number));
  const how = region(page, 'Come pagare questa bolletta');
  await expect(how.getByText('IT65 U012 3412 3450 0000 0404 040')).toBeVisible();
  await expect(how.getByText('Mesa Servizi Energia S.p.A.')).toBeVisible();
  await expect(how.getByText(`Bolletta n. ${number}`)).toBeVisible();
  await expect(how.getByText(/^3\d{3} \d{4} \d{4} \d{4} \d{2}$/)).toBeVisible();
  await expect(how.getByText(/tabaccherie/)).toBeVisible();
  await expect(how.getByText(/Codice dimostrativo/)).toBeVisible();
  await screenshotBothSizes(page, 'money-offline');
});

test('the dashboard asks its cards’ reads together, not one after another', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await chooseBrand(page, 'msu');
  // Every API call from the login to the settled dashboard, as start and end events in order.
  const events: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/services/rest/')) events.push(`start ${request.method()} ${path}`);
  });
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/services/rest/')) events.push(`end ${request.method()} ${path}`);
  });
  await submitLogin(page, ACCOUNTS.privateCustomer);
  await expectPage(page, '/dashboard', /^Ciao, /);
  await expect(page.getByRole('heading', { name: 'Le tue forniture' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  console.log(events.join('\n'));
  // The cards' reads all start before the first of them answers: no waterfall.
  const cards = ['/Erp/v1/invoices', '/Erp/v1/supplies', '/Core/v1/notifications'];
  const firstCardEnd = events.findIndex((e) => e.startsWith('end') && cards.some((c) => e.endsWith(c)));
  for (const card of cards) {
    const start = events.findIndex((e) => e.startsWith('start') && e.endsWith(card));
    expect(start, `${card} asked`).toBeGreaterThanOrEqual(0);
    expect(start, `${card} asked before the first card's answer`).toBeLessThan(firstCardEnd);
  }
});

test('the PUN page shows every hour on a phone, in €/kWh too, with the cheapest hours marked', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page.goto('/pun');
  await expectPage(page, '/pun', /PUN/);
  const today = page.getByRole('table', { name: /^Prezzo ora per ora del / }).first();
  await expect(today.getByRole('columnheader', { name: '€/kWh' })).toBeVisible();
  // All 24 hours are there and readable: the last one too, with its price per kWh.
  await expect(today.getByRole('row')).toHaveCount(25);
  const last = today.getByRole('row', { name: /^23–24/ });
  await expect(last).toBeVisible();
  await expect(last.getByRole('cell').nth(1)).toHaveText(/^0,\d{4}$/);
  await expect(
    page.getByText(/^Le ore più convenienti: \d{2}–\d{2}, \d{2}–\d{2}, \d{2}–\d{2}\.$/).first(),
  ).toBeVisible();
  await expect(today.getByText('più conveniente')).toHaveCount(3);
  await screenshotBothSizes(page, 'money-pun');
});

test('bills can be narrowed to one supply and one year, the URL keeping the choice', async ({ page }) => {
  await openInvoices(page, 'sgr', ACCOUNTS.business);
  const all = region(page, 'Le tue bollette');
  const pagesText = async () => (await all.getByText(/^Pagina \d+ di \d+$/).textContent()) ?? '';
  const before = await pagesText();
  const supply = page.getByLabel('Fornitura');
  const choice = supply.locator('option').nth(1);
  const chosen = (await choice.textContent()) ?? '';
  await supply.selectOption({ index: 1 });
  await expect(page).toHaveURL(/contract=\d+/);
  // Every bill shown is of that contract (the option names its number).
  const contractNumber = chosen.replace(/^.*\(contratto (\d+)\)$/, '$1');
  await all
    .getByRole('link', { name: /^Vedi la bolletta/ })
    .first()
    .click();
  await expect(page.getByText(contractNumber).first()).toBeVisible();
  await page.goBack();
  // Back on the list (the bill page also names its 'Fornitura'), the choice still in the URL and the field.
  await expect(page).toHaveURL(/\/invoices\?(.*&)?contract=\d+/);
  await expect(page.getByRole('combobox', { name: 'Fornitura' })).toHaveValue(/\d+/);
  const year = String(new Date().getFullYear());
  await page.getByLabel('Anno di emissione').selectOption(year);
  await expect(page).toHaveURL(new RegExp(`year=${year}`));
  await expect(all.getByRole('listitem').first()).toBeVisible();
  // Fewer pages than the whole list (one page has no page count at all).
  const pageCount = all.getByText(/^Pagina \d+ di \d+$/);
  const after = (await pageCount.count()) > 0 ? await pagesText() : 'Pagina 1 di 1';
  expect(after).not.toBe(before);
  await screenshotBothSizes(page, 'money-bills-by-supply-year');
});

test('a bill the bank debits says "Addebito il …", offers no Paga, and the dashboard’s total leaves it out', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  const data = await erpReader(page);
  const { customers } = await data<{ customers: { id: string }[] }>('customers');
  const owed = await data<{ toPay: { yoursCents: number }; invoices: erpInvoices.Invoice[] }>(
    `invoices?customerId=${customers[0]!.id}&outstandingOnly=true&orderBy=overdueFirst&pagingTake=100`,
  );
  const debited = owed.invoices.find((i) => i.toPay.way === 'direct_debit');
  expect(debited, 'a demo bill the bank will debit').toBeTruthy();
  const yours = owed.invoices.filter((i) => i.toPay.yoursCents > 0);
  const euro = (cents: number) =>
    new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);

  // The dashboard: the total counts only what the customer pays, every bill it counts is listed, and
  // the debited one has no 'Paga'.
  const card = region(page, 'Bollette da pagare');
  if (yours.length > 0) {
    await expect(card.locator('.card__highlight')).toContainText(euro(owed.toPay.yoursCents));
    await expect(card.locator('.card__highlight')).toContainText(`${yours.length} bollett`);
  }
  const line = card.getByRole('listitem').filter({ hasText: debited!.number });
  await expect(line.getByText(/^Addebito il \d/)).toBeVisible();
  await expect(line.getByRole('link', { name: /^Paga/ })).toHaveCount(0);
  await expect(card.locator('.card__highlight')).not.toContainText(
    euro(owed.toPay.yoursCents + debited!.toPay.debitCents),
  );
  await screenshotBothSizes(page, 'money-debit-dashboard');

  // The list: the debited bill says when the bank takes it and has no box to pay it.
  await page.goto('/invoices');
  await expectPage(page, '/invoices', 'Bollette');
  const row = toPay(page).getByRole('listitem').filter({ hasText: debited!.number });
  await expect(row.getByText(/^Addebito il \d/)).toBeVisible();
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await screenshotBothSizes(page, 'money-debit-bills');

  // The bill: "Addebito il …", nothing to do; paying it is a choice behind its own summary.
  await page.goto(`/invoice/${debited!.id}`);
  await expectPage(page, `/invoice/${debited!.id}`, new RegExp(debited!.number));
  const summary = page.locator('.bill-panel--summary');
  await expect(summary.locator('.bill-total')).toContainText(/Addebito il \d/);
  await expect(summary).toContainText('non devi fare nulla');
  await expect(summary.getByRole('button', { name: /^Paga/ })).toHaveCount(0);
  await expect(summary.getByText('Paga ora invece dell’addebito')).toBeVisible();
  await screenshotBothSizes(page, 'money-debit-bill');
});
