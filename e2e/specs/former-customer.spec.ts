// A former customer (ADR 066): Marco Fontana's contract ended two months ago. He registers (the
// supplies that ended, until when the area stays open), logs in and reads his bills and his supply,
// which says the contract ended and offers no self-reading or change. Every page at 375 and 1280 px
// with axe. Past the six months (Franca Riva) registration says the area is closed: registration.spec.
import { expect, test } from '@playwright/test';
import {
  chooseBrand,
  expectPage,
  mailText,
  screenshotBothSizes,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

const MARCO = { code: '30000014', fiscalCode: 'FNTMRC70P02F839F', email: 'marco.fontana@example.it' };
const PASSWORD = 'Fontana2026!';

test.describe.configure({ timeout: 240_000 });

test('a former customer registers within six months of the end and reads his bills', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await chooseBrand(page, 'sga');
  await page.goto('/registrazione/cliente-sgr/private/dati');
  await page.getByLabel('Codice cliente').fill(MARCO.code);
  await page.getByLabel('Codice fiscale').fill(MARCO.fiscalCode);
  await page.getByRole('button', { name: 'Continua' }).click();

  await expectPage(page, '/registrazione/cliente-sgr/forniture', 'Le tue forniture cessate');
  await expect(
    page.getByText(/Il contratto è terminato il \d+ \S+ \d{4}: fino al \d+ \S+ \d{4}/),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Le tue forniture cessate' }).getByRole('listitem'),
  ).toHaveCount(1);
  await screenshotBothSizes(page, 'former-customer-supplies');
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  const code = /\b(\d{4})\b/.exec(await mailText(page, MARCO.email, 'Codice di registrazione'))?.[1] ?? '';
  await page.getByLabel('Codice ricevuto').fill(code);
  await page.getByRole('button', { name: 'Continua' }).click();

  await expectPage(page, '/registrazione/cliente-sgr/username', 'Nome utente e password');
  await page.getByLabel('Nome utente').fill('marcofontana');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Conferma password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continua' }).click();
  await expectPage(page, '/registrazione/cliente-sgr/privacy', 'Privacy');
  await page.getByLabel(/Acconsento al trattamento dei dati personali/).check();
  await page.getByRole('button', { name: 'Completa la registrazione' }).click();
  await expect(page.getByRole('heading', { name: 'Registrazione completata' })).toBeVisible();

  await page.getByRole('button', { name: 'Vai al login' }).click();
  await submitLogin(page, 'marcofontana', PASSWORD);
  await expectPage(page, '/onboarding', /^Benvenuto nello Sportello/);
  await page.getByRole('button', { name: 'Salta' }).click();
  await expectPage(page, '/dashboard', /^Ciao, /);
  await screenshotBothSizes(page, 'former-customer-dashboard');

  // His bills, the final one among them.
  await page.goto('/invoices');
  await expectPage(page, '/invoices', 'Bollette');
  await expect(page.getByRole('link', { name: /^Vedi la bolletta n\. / }).first()).toBeVisible();
  await expect(page.getByText(/^Bolletta di chiusura /)).toBeVisible();
  await screenshotBothSizes(page, 'former-customer-bills');

  // The supply says the contract ended; no self-reading, no change of address or bank debit.
  await page.goto('/supplies');
  await expectPage(page, '/supplies', 'Le tue forniture');
  await page.getByRole('listitem').filter({ hasText: 'POD' }).getByRole('link').first().click();
  await expectPage(page, /\/supplies\/[^/]+$/);
  await expect(page.getByRole('heading', { name: /^Contratto terminato il / })).toBeVisible();
  await expect(page.getByText(/restano consultabili nell'area clienti per 6 mesi/)).toBeVisible();
  await expect(page.getByRole('link', { name: "Invia l'autolettura" })).toHaveCount(0);
  await screenshotBothSizes(page, 'former-customer-supply');
});
