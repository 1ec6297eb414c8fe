// The accessibility statement (ADR 032): linked from every brand's footer, readable at 375 and 1280 px
// with axe, and its feedback form: field errors in Italian that keep what was typed, a logged-out
// report with its reference and answer date found again by reference and e-mail, and a logged-in
// one that becomes a practice.
import { expect, test } from '@playwright/test';
import { ACCOUNTS, BRAND_NAMES, type Brand } from '../support/accounts';
import {
  answerConsent,
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
} from '../support/app';

const HEADING = 'Dichiarazione di accessibilità';

for (const brand of Object.keys(BRAND_NAMES) as Brand[]) {
  test(`the footer of ${brand} links the statement`, async ({ page }) => {
    await page.goto(`/?company=${brand}`);
    await expectPage(page, '/login', 'Accedi alla tua area clienti');
    await answerConsent(page);
    await page.getByRole('contentinfo').getByRole('link', { name: HEADING }).click();
    await expectPage(page, '/accessibilita', HEADING);
    await expect(page.getByRole('heading', { name: 'Stato di conformità' })).toBeVisible();
    await expect(page.getByText(BRAND_NAMES[brand], { exact: false }).first()).toBeVisible();
  });
}

test('the check every page gets fails on a violation: text too pale on its background', async ({ page }) => {
  await page.goto('/accessibilita?company=sga');
  await answerConsent(page);
  await expectPage(page, '/accessibilita', HEADING);
  await page.getByRole('heading', { level: 1 }).evaluate((heading) => {
    heading.style.color = '#ddd';
    heading.style.background = '#fff';
  });
  await expect(expectAccessible(page)).rejects.toThrow(/color-contrast/);
});

test('the statement at 375 and 1280 px: status first, limits, method, date, the way to AgID', async ({
  page,
}) => {
  await page.goto('/accessibilita?company=sga');
  await answerConsent(page);
  await expectPage(page, '/accessibilita', HEADING);
  await expect(page.getByText('Parzialmente conforme', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Ultima valutazione: \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contenuti non accessibili' })).toBeVisible();
  await expect(page.getByRole('link', { name: /procedura di reclamo sul sito di AgID/ })).toHaveAttribute(
    'href',
    /agid\.gov\.it/,
  );
  await screenshotBothSizes(page, 'accessibility-statement');
});

test('logged out: errors keep what was typed; the report gets a reference and is found again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/accessibilita?company=sga');
  await answerConsent(page);
  await expectPage(page, '/accessibilita', HEADING);
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Invia la segnalazione' }) });
  await form.getByLabel('Nome e cognome').fill('Giulia Verdi');
  await form.getByLabel('E-mail').fill('giulia@example');
  await form.getByRole('button', { name: 'Invia la segnalazione' }).click();
  await expect(form.getByText('Inserire email valida')).toBeVisible();
  await expect(form.getByText('Scrivi il testo del messaggio')).toBeVisible();
  // No consent tick to refuse over (ADR 069): answering a report needs none.
  await expect(form.getByRole('checkbox')).toHaveCount(0);
  await expect(form.getByLabel('Nome e cognome')).toHaveValue('Giulia Verdi');
  await expect(form.getByLabel('E-mail')).toBeFocused();

  const email = `giulia.${Date.now()}@example.it`;
  await form.getByLabel('E-mail').fill(email);
  await form
    .getByLabel('Descrivi il problema')
    .fill('Il lettore di schermo non legge il totale della bolletta.');
  await form.getByRole('button', { name: 'Invia la segnalazione' }).click();
  const sent = page.getByRole('dialog', { name: 'Segnalazione inviata' });
  await expect(sent).toBeVisible();
  const text = (await sent.textContent()) ?? '';
  const reference = /ACC-[0-9A-F]{12}/.exec(text)?.[0];
  expect(reference, text).toBeTruthy();
  expect(text).toMatch(/entro il \d{2}\/\d{2}\/\d{4}/);
  await sent.getByRole('button', { name: 'Chiudi' }).click();

  const lookup = page.locator('form').filter({ has: page.getByRole('button', { name: 'Cerca' }) });
  await lookup.getByLabel('Numero di riferimento').fill(reference!);
  await lookup.getByLabel('E-mail').fill('altra@example.it');
  await lookup.getByRole('button', { name: 'Cerca' }).click();
  await expect(
    lookup.getByText('Nessuna segnalazione con questo numero di riferimento ed e-mail.'),
  ).toBeVisible();
  // Said under the field only: no popup over the form.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await lookup.getByLabel('E-mail').fill(email);
  await lookup.getByRole('button', { name: 'Cerca' }).click();
  await expect(page.getByRole('heading', { name: `Segnalazione ${reference}` })).toBeVisible();
  await expect(page.getByText('In attesa di risposta')).toBeVisible();
  await expect(page.getByText('Mancano 30 giorni')).toBeVisible();
  await screenshotBothSizes(page, 'accessibility-feedback-found');
});

test('logged in: the report becomes a practice of the customer', async ({ page }) => {
  // Login, dashboard, statement and practices: four pages on a shared machine.
  test.setTimeout(180_000);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page.getByRole('contentinfo').getByRole('link', { name: HEADING }).click();
  await expectPage(page, '/accessibilita', HEADING);
  await expect(page.getByText('La segnalazione compare anche tra le tue pratiche.')).toBeVisible();
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Invia la segnalazione' }) });
  await form.getByLabel('Nome e cognome').fill('Mario Rossi');
  await form.getByLabel('E-mail').fill('mario.rossi@example.it');
  await form.getByLabel('Descrivi il problema').fill('Il grafico dei consumi non si legge con lo zoom.');
  await form.getByRole('button', { name: 'Invia la segnalazione' }).click();
  const sent = page.getByRole('dialog', { name: 'Segnalazione inviata' });
  await expect(sent).toBeVisible();
  await sent
    .getByRole('link', { name: 'Vai alle pratiche' })
    .or(sent.getByRole('button', { name: 'Vai alle pratiche' }))
    .click();
  await expectPage(page, '/practices');
  await expect(page.getByText(/Segnalazione di accessibilità/).first()).toBeVisible();
});
