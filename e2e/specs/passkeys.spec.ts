// Passkeys and step-up (ADR 038), with Chromium's virtual authenticator (CDP
// WebAuthn): mariorossi adds a passkey in the profile (after a step-up by code), logs out, logs in with it, changes his bank
// debit's IBAN after a step-up made with the passkey, and removes it; the security events show it
// all. Passkeys belong to a host name, not an address: the spec runs on localhost (the server's
// WEBAUTHN_ORIGINS in e2e/support/server.mjs). Axe on every page and on the dialog.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, BRAND_NAMES } from '../support/accounts';
import {
  addVirtualAuthenticator,
  expectAccessible,
  expectPage,
  logInToDashboard,
  passStepUpWithCode,
  screenshotBothSizes,
  VIEWPORTS,
} from '../support/app';

// Not sga: the supplies spec reads sga's bank debit as the demo left it, and this one changes it.
const BRAND = 'sgr';
const NAME = 'Chromium di prova';

test.use({
  baseURL: (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace('127.0.0.1', 'localhost'),
});

async function openPasskeys(page: Page) {
  await page.goto('/profile');
  await expectPage(page, '/profile', 'Il tuo profilo');
  await page.getByRole('link', { name: 'Passkey e sicurezza' }).click();
  await expectPage(page, '/profile/passkey', 'Passkey e sicurezza');
}

test('mariorossi adds a passkey, logs in with it, changes his IBAN after a step-up, removes it', async ({
  page,
}) => {
  // Two step-ups now (the first passkey by a code read from the outbox), axe on every page.
  test.setTimeout(180_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await logInToDashboard(page, BRAND, ACCOUNTS.privateCustomer);

  // Add: the list starts empty (a fresh database), then shows the new passkey.
  await openPasskeys(page);
  const list = page.getByRole('list', { name: 'Le tue passkey' });
  await expect(page.getByText('Non hai ancora aggiunto passkey.')).toBeVisible();
  await page.getByLabel('Nome della passkey').fill(NAME);
  await page.getByRole('button', { name: 'Aggiungi una passkey' }).click();
  // Adding one is a step-up itself (a stolen session adds no passkey): the first by a code.
  await passStepUpWithCode(page);
  await expect(page.getByRole('status').filter({ hasText: `Passkey «${NAME}» aggiunta.` })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Mai usata');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await expectAccessible(page);
  await screenshotBothSizes(page, 'passkeys');

  // Log out, then in with the passkey: no username, no password.
  await page.getByRole('button', { name: 'Esci' }).first().click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
  await expect(page.getByRole('link', { name: new RegExp(BRAND_NAMES[BRAND]) })).toBeVisible();
  await page.getByRole('button', { name: 'Accedi con una passkey' }).click();
  await expectPage(page, '/dashboard', /^Ciao, /);

  // The IBAN of the bank debit: refused without a step-up, so the dialog asks for the passkey and
  // the request goes through with what was typed.
  await page.getByRole('navigation').getByRole('link', { name: 'Forniture' }).first().click();
  await expectPage(page, '/supplies', 'Le tue forniture');
  await page.getByRole('listitem').filter({ hasText: 'POD' }).getByRole('link').first().click();
  const bank = page.getByRole('region', { name: 'Domiciliazione bancaria', exact: true });
  await bank
    .getByRole('link', { name: /domiciliazione/ })
    .first()
    .click();
  await expectPage(page, /\/(add|edit)-bank-debit$/);
  await page.getByLabel('IBAN').fill('IT60 X054 2811 1010 0000 0123 456');
  await page.getByLabel('BIC / SWIFT').fill('BPMOIT22XXX');
  await page.getByLabel(/Nome e cognome/).fill('Mario Rossi');
  await page.getByLabel("Codice fiscale dell'intestatario").fill('RSSMRA78D12H501M');
  await page.getByRole('button', { name: 'Conferma' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Conferma che sei tu' });
  await expect(stepUp).toBeVisible();
  await expectAccessible(page);
  await stepUp.getByRole('button', { name: 'Usa la tua passkey' }).click();
  await expect(stepUp).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Richiesta inviata' })).toBeVisible();
  await expectAccessible(page);

  // Remove: the list is empty again; the events tell what happened.
  await openPasskeys(page);
  await expect(list).toContainText('Ultimo utilizzo');
  await page.getByRole('button', { name: `Rimuovi la passkey ${NAME}` }).click();
  await expect(page.getByText('Non hai ancora aggiunto passkey.')).toBeVisible();
  const events = page.getByRole('table', { name: 'Eventi di sicurezza' });
  for (const kind of ['Passkey aggiunta', 'Accesso con passkey', 'Identità confermata', 'Passkey rimossa'])
    await expect(events).toContainText(kind);
  await expectAccessible(page);
});
