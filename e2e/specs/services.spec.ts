// Services, requests (the practices pages), support: write to support from the help button at 375 px (submit
// in the modal's footer) and from /support at 1280 px, first with errors then valid; activate the
// paperless bill and see it on the requests page; open a maintenance contract and download a document; the
// cinema voucher once; the helper pages logged out, and the logged-out write-us form reached from the
// login page's help; the brand's phone hours on /support and in the help panel. axe on every page, screenshots at 375 and 1280 px. Each test uses
// its own brand, so the requests one makes never show in another.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  answerConsent,
  expectAccessible,
  expectPage,
  logInToDashboard,
  SCREENSHOT_DIR,
  screenshotBothSizes as screenshots,
  VIEWPORTS,
} from '../support/app';

// Each test is a whole journey with axe on every page: on the shared, busy test machine one takes
// longer than the default minute.
test.describe.configure({ timeout: 240_000 });

const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name, exact: true }).first();

/** Submits the open write-us form empty, sees one message per field, then fills it and sends it. */
async function writeUs(page: Page, message: string) {
  const dialog = page.getByRole('dialog', { name: 'Scrivici' });
  await expect(dialog).toBeVisible();
  // Nothing is checked before the first submit.
  await expect(dialog.getByText('Scegli il contratto a cui si riferisce la richiesta')).toBeHidden();
  await dialog.getByRole('textbox', { name: 'Cellulare' }).fill('02 1234567');
  await dialog.getByRole('button', { name: 'Invia' }).click();
  for (const error of [
    'Scegli il contratto a cui si riferisce la richiesta',
    'Inserisci un numero di cellulare italiano valido',
    "Scegli l'argomento della richiesta",
    'Scrivi il testo del messaggio',
  ])
    await expect(dialog.getByText(error)).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('combobox', { name: 'Contratto' }).selectOption({ index: 1 });
  await dialog.getByRole('textbox', { name: 'Cellulare' }).fill('333 123 4567');
  await dialog.getByRole('combobox', { name: 'Argomento' }).selectOption('bolletta');
  await dialog.getByRole('textbox', { name: 'Messaggio' }).fill(message);
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByRole('heading', { name: 'Messaggio inviato' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Chiudi' }).click();
  await expect(dialog).toBeHidden();
}

test('write-us from the help button at 375 px: submit in the footer, errors first, then sent', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await logInToDashboard(page, 'sgr', ACCOUNTS.privateCustomer);
  const help = page.getByRole('button', { name: 'Aiuto' });
  // The small round form of the button.
  expect((await help.boundingBox())!.width).toBeLessThanOrEqual(56);
  await help.click();
  // Serena's own hours, under its phone.
  await expect(
    page.getByRole('list', { name: 'Orari del numero verde' }).getByText('Il sabato, dalle 8:00 alle 13:00'),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Scrivici' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scrivici' });
  await expect(dialog.getByText(/Serena Gas & Luce S\.p\.A\./)).toBeVisible();
  // The brand's notice is a page of the portal (ADR 069), opened in a new tab over the form.
  await expect(dialog.getByRole('link', { name: /informativa privacy/ })).toHaveAttribute('href', '/privacy');
  const footer = dialog.getByTestId('contact-modal-footer');
  await expect(footer.getByRole('button', { name: 'Invia' })).toBeVisible();
  expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/write-us-mobile.png` });
  await writeUs(page, 'Non ho ricevuto la bolletta di marzo.');
});

test('write-us from /support at 1280 px, then the contact on the requests page', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'ast', ACCOUNTS.privateCustomer);
  await menuLink(page, 'Supporto').click();
  await expectPage(page, '/support', 'Siamo qui per aiutarti');
  await expect(page.getByRole('link', { name: '800 274 274', exact: true })).toBeVisible();
  await expect(page.getByText('Dal lunedì al venerdì, dalle 8:30 alle 18:00')).toBeVisible();
  await screenshots(page, 'support');
  await page.getByRole('button', { name: 'Scrivici un messaggio' }).click();
  const footer = page.getByTestId('contact-modal-footer');
  expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/write-us-desktop.png` });
  await writeUs(page, 'Vorrei cambiare la data di scadenza.');

  await menuLink(page, 'Pratiche').click();
  await expectPage(page, '/practices', 'Le tue pratiche');
  const open = page.getByRole('tabpanel');
  await expect(open.getByRole('link', { name: /Richiesta di informazioni/ }).first()).toBeVisible();
});

test('activates the paperless bill and follows it on the requests page; opens the maintenance contract', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await menuLink(page, 'Servizi').click();
  await expectPage(page, '/services', 'Servizi');
  await screenshots(page, 'services');

  await page.getByRole('link', { name: 'Vedi Bolletta click' }).click();
  await expectPage(page, '/services/bollettaclick', 'Bolletta click');
  await page.getByRole('button', { name: 'Attiva Bolletta click' }).click();
  await expect(page.getByText('Scegli il contratto', { exact: true }).last()).toBeVisible();
  await page.getByRole('combobox', { name: 'Contratto' }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Attiva Bolletta click' }).click();
  await expect(page.getByRole('heading', { name: 'Richiesta inviata' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Chiudi' }).click();
  await expect(page.getByText('In attivazione').first()).toBeVisible();
  await screenshots(page, 'bollettaclick');

  await menuLink(page, 'Pratiche').click();
  await expectPage(page, '/practices', 'Le tue pratiche');
  const paperless = page.getByRole('link', {
    name: /^Dettagli della pratica Modalità di invio della bolletta/,
  });
  await expect(paperless).toBeVisible();
  await screenshots(page, 'requests');
  await page.getByRole('tab', { name: /Concluse/ }).click();
  await expect(page.getByRole('tabpanel').getByText('Chiusa').first()).toBeVisible();
  await page.getByRole('tab', { name: /In corso/ }).click();
  await paperless.click();
  await expectPage(page, /\/practices\/\d+$/, 'Modalità di invio della bolletta');
  await expect(page.getByText('Richiesta inviata')).toBeVisible();
  await screenshots(page, 'request');

  await menuLink(page, 'Servizi').click();
  await page.getByRole('link', { name: 'Vedi Manutenzione caldaia Comfort' }).click();
  await expectPage(page, '/maintenance/1', /Manutenzione caldaia/);
  await expect(page.getByRole('heading', { name: 'Prossima visita' })).toBeVisible();
  await expect(page.getByText('Libretto di impianto')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica PDF: Libretto di impianto' }).click();
  // Saved under the document's title, not its key.
  expect((await download).suggestedFilename()).toBe('Libretto di impianto.pdf');
  await screenshots(page, 'maintenance');
});

test('the cinema voucher once per customer', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await logInToDashboard(page, 'msu', ACCOUNTS.privateCustomer);
  await page.goto('/services');
  await page.getByRole('link', { name: 'Vedi Buono cinema' }).click();
  await expectPage(page, /\/services\/\d+$/, 'Buono cinema');
  await page
    .getByRole('link', { name: /^Attiva Buono cinema su / })
    .first()
    .click();
  await expectPage(page, /\/services\/activation\/\d+\?supply=/, 'Attiva Buono cinema');
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page.getByRole('heading', { name: 'Richiesta inviata' })).toBeVisible();
  await page.getByRole('button', { name: 'Torna ai servizi' }).click();
  await page.getByRole('link', { name: 'Vedi Buono cinema' }).click();
  // Every supply now shows the one voucher in progress: nothing is left to activate.
  await expect(page.getByText('In attivazione').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Attiva Buono cinema su / })).toHaveCount(0);
  await screenshots(page, 'service');
});

test('helper pages without logging in', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/helpers/find-door');
  await answerConsent(page);
  await expectPage(page, '/helpers/find-door', 'Dove trovo codice cliente, POD e PDR');
  await expect(page.getByRole('img', { name: /codice cliente/ })).toBeVisible();
  await screenshots(page, 'helpers-find-door');
  await page.goto('/helpers/support');
  await expectPage(page, '/helpers/support', 'Assistenza clienti');
  await screenshots(page, 'helpers-support');
});

test('writes to support logged out, from the login page’s help at 375 px: errors first, then sent', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/login?company=sgr');
  await answerConsent(page);
  await page.getByRole('link', { name: 'Serve aiuto? Scrivici o chiamaci' }).click();
  await expectPage(page, '/helpers/support', 'Assistenza clienti');
  await expect(page.getByText('Dal lunedì al venerdì, dalle 8:00 alle 20:00')).toBeVisible();
  await page.getByRole('button', { name: 'Scrivici un messaggio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scrivici' });
  await expect(
    dialog.getByTestId('contact-modal-footer').getByRole('button', { name: 'Invia' }),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('maria@example');
  await dialog.getByRole('button', { name: 'Invia' }).click();
  for (const error of [
    'Scrivi il tuo nome e cognome',
    'Il codice cliente è obbligatorio',
    'Inserire email valida',
    'Inserisci un numero di cellulare italiano valido',
    "Scegli l'argomento della richiesta",
    'Scrivi il testo del messaggio',
    'Il consenso per il trattamento dati personali è obbligatorio',
  ])
    await expect(dialog.getByText(error)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/write-us-logged-out-mobile.png` });

  await dialog.getByRole('textbox', { name: 'Nome e cognome' }).fill('Maria Bianchi');
  await dialog.getByRole('textbox', { name: 'Codice cliente' }).fill('100001');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('maria.bianchi@example.it');
  await dialog.getByRole('textbox', { name: 'Cellulare' }).fill('333 765 4321');
  await dialog.getByRole('combobox', { name: 'Argomento' }).selectOption('altro');
  await dialog.getByRole('textbox', { name: 'Messaggio' }).fill('Il codice cliente non viene accettato.');
  // Still typed after the refusals: the consent is the last thing missing.
  await expect(
    dialog.getByText('Il consenso per il trattamento dati personali è obbligatorio'),
  ).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Acconsento al trattamento/ }).check();
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByRole('heading', { name: 'Messaggio inviato' })).toBeVisible();
  await expect(page.getByText(/ti risponderemo all'indirizzo e-mail indicato/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Chiudi' }).click();
  await screenshots(page, 'helpers-support-logged-out');
});
