// A complaint without an account (ADR 063), looked up on /reclami/consulta: the guest form's receipt
// links to it, and so does the login page's help area; the receipt mail's link, opened in a fresh
// browser, fills the number and never carries the code. A wrong code gets the same Italian message as
// an unknown number; the right one shows the state, the reply's clock and the answer. 375 and 1280 px,
// axe on every page.
import { expect, test, type Page } from '@playwright/test';
import {
  answerConsent,
  chooseBrand,
  expectPage,
  mailedPath,
  mailText,
  screenshotBothSizes,
  VIEWPORTS,
} from '../support/app';

const EMAIL = 'reclamo.senza.accesso@example.it';
const NOT_FOUND = 'Numero di reclamo o codice non corretti: controlla i dati della ricevuta.';

test.describe.configure({ timeout: 240_000 });

async function lookUp(page: Page, key: string | null, code: string) {
  if (key !== null) await page.getByLabel('Numero del reclamo').fill(key);
  await page.getByLabel('Codice della ricevuta').fill(code);
  await page.getByRole('button', { name: 'Consulta il reclamo' }).click();
}

test('a guest files a complaint and looks it up with its number and code, from the page and the mail', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await chooseBrand(page, 'sga');
  // The login page's help area leads to the lookup.
  await page.getByRole('link', { name: 'Consulta un reclamo inviato senza accesso' }).click();
  await expectPage(page, '/reclami/consulta', 'Consulta un reclamo');
  await screenshotBothSizes(page, 'complaint-lookup-empty');
  await page.getByRole('button', { name: 'Consulta il reclamo' }).click();
  await expect(page.getByText('Inserisci il numero del reclamo')).toBeVisible();

  await page.goto('/reclami/modulo');
  await expectPage(page, '/reclami/modulo', 'Invia un reclamo');
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Mario');
  await page.getByLabel('Cognome').fill('Rossi');
  await page.getByLabel('Indirizzo della fornitura').fill('Via Giuseppe Garibaldi 1, Roma');
  await page.getByLabel('Codice cliente (se non conosci il POD/PDR)').fill('30000001');
  await page.getByLabel('E-mail per la ricevuta').fill(EMAIL);
  await page.getByLabel('Categoria').selectOption('contract');
  await page.getByLabel('Testo del reclamo').fill('Le condizioni applicate non sono quelle firmate.');
  await page.getByRole('button', { name: 'Invia il reclamo' }).click();
  const receipt = page.getByRole('status').filter({ hasText: 'Reclamo inviato' });
  await expect(receipt).toBeVisible();
  const key = /n\. (\S+) è registrato/.exec((await receipt.textContent()) ?? '')?.[1] ?? '';
  const code = /Codice per consultarlo: ([A-Z0-9-]+)\./.exec((await receipt.textContent()) ?? '')?.[1] ?? '';
  expect(key).not.toBe('');
  expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);

  // From the receipt: the number is filled, the code is not, and neither is in the address bar twice.
  await receipt.getByRole('link', { name: 'Consulta il reclamo' }).click();
  await expectPage(page, '/reclami/consulta', 'Consulta un reclamo');
  await expect(page.getByLabel('Numero del reclamo')).toHaveValue(key);
  await expect(page.getByLabel('Codice della ricevuta')).toHaveValue('');
  await lookUp(page, null, 'ZZZZZ-ZZZZZ');
  await expect(page.getByRole('alert').filter({ hasText: NOT_FOUND })).toBeVisible();
  await lookUp(page, 'RCL-0000-NESSUNO', 'ZZZZZ-ZZZZZ');
  await expect(page.getByRole('alert').filter({ hasText: NOT_FOUND })).toBeVisible();
  await screenshotBothSizes(page, 'complaint-lookup-refused');

  // The mail's link in a browser that never opened the portal: number filled, no code in the URL.
  const mail = await mailText(page, EMAIL, `Ricevuta del reclamo n. ${key}`);
  const link = mailedPath(mail, '/reclami/consulta');
  expect(link).toContain(`numero=${key}`);
  expect(link).not.toContain(code);
  expect(link).not.toContain(code.replace('-', ''));
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.mobile });
  const phone = await context.newPage();
  await phone.goto(link);
  await answerConsent(phone);
  await expectPage(phone, '/reclami/consulta', 'Consulta un reclamo');
  await expect(phone.getByLabel('Numero del reclamo')).toHaveValue(key);
  await lookUp(phone, null, code.toLowerCase());
  const found = phone.getByRole('region', { name: `Reclamo n. ${key}` });
  await expect(found.getByText('In lavorazione')).toBeVisible();
  await expect(found.getByText(/Risposta entro il/)).toBeVisible();
  await expect(found.getByText('La nostra risposta')).toBeVisible();
  await expect(found.getByRole('button', { name: 'Scarica il reclamo in PDF' })).toBeVisible();
  expect(phone.url()).not.toContain(code);
  await screenshotBothSizes(phone, 'complaint-lookup-found');
  await context.close();
});
