// The error catalogue of SPEC §8 as the user meets it.
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  chooseBrand,
  expectAccessible,
  expectPage,
  failureBody,
  logInToDashboard,
  sessionIdOf,
  submitLogin,
} from '../support/app';

test('wrong password shows the server message in a popup', async ({ page }) => {
  await chooseBrand(page, 'sga');
  await submitLogin(page, ACCOUNTS.privateCustomer, 'Sbagliata2026!');
  const popup = page.getByRole('dialog', { name: 'Attenzione!' });
  await expect(popup).toContainText('Nome utente o password non corretti');
  await expectAccessible(page);
  await popup.getByRole('button', { name: 'Chiudi' }).click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
});

test('empty fields are explained next to them', async ({ page }) => {
  await chooseBrand(page, 'sga');
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByText('Informazione obbligatoria')).toHaveCount(2);
  await expect(page.getByLabel('Nome utente')).toBeFocused();
  await expectAccessible(page);
});

test('a session that ends on the server sends the user to login once (401)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  const sessionId = await sessionIdOf(page);
  const answer = await page.request.delete('/services/rest/portalapi/Core/v1/user/logout', {
    headers: { sessionId: sessionId ?? '' },
  });
  expect(answer.ok()).toBe(true);

  // The modules are held for the session (ADR 033): the next call the page makes finds it ended.
  await page
    .getByRole('navigation', { name: 'Menu principale' })
    .getByRole('link', { name: 'Bollette' })
    .click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
  await expect(page.getByRole('alert')).toHaveText('Login scaduto, inserire nuovamente i dati');
  expect(await sessionIdOf(page)).not.toBe(sessionId);

  // Logged in again, the user lands where the click was going, not back at the start.
  await submitLogin(page, ACCOUNTS.privateCustomer);
  await expectPage(page, '/invoices', 'Bollette');
  await expect(page.getByRole('alert')).toBeHidden();
});

test('maintenance (503) leads to its page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page.route('**/portalapi/Erp/v1/invoices?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: failureBody('Servizio in manutenzione, riprova più tardi.'),
    }),
  );
  await page
    .getByRole('navigation', { name: 'Menu principale' })
    .getByRole('link', { name: 'Bollette' })
    .click();
  await expectPage(page, '/errore/server-in-manutenzione', 'Stiamo lavorando per te');
});

test('a server failure (500) opens a popup the backdrop cannot close', async ({ page }) => {
  await page.route('**/portalapi/Erp/v1/supplies?*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: failureBody('Ops! Qualcosa è andato storto.'),
    }),
  );
  await chooseBrand(page, 'sga');
  await submitLogin(page, ACCOUNTS.privateCustomer);
  const popup = page.getByRole('dialog', { name: 'Ops! Qualcosa è andato storto.' });
  await expect(popup).toContainText('Se il problema persiste, contattare il servizio clienti.');
  await expect(popup.getByRole('button', { name: 'Ricarica la pagina' })).toBeVisible();
  await expectAccessible(page);
  await page.mouse.click(5, 5);
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Chiudi' }).click();
  await expect(popup).toBeHidden();
  await expectPage(page, '/dashboard', /^Ciao, /);
});

test('a missing resource (404) opens the not-found popup', async ({ page }) => {
  await page.route('**/portalapi/Erp/v1/messages?*', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: failureBody('Elemento non trovato.'),
    }),
  );
  await chooseBrand(page, 'sga');
  await submitLogin(page, ACCOUNTS.privateCustomer);
  const popup = page.getByRole('dialog', { name: 'Pagina non trovata' });
  await expect(popup.getByRole('button', { name: 'Chiudi' })).toBeVisible();
  await expectAccessible(page);
  await popup.getByRole('button', { name: 'Chiudi' }).click();
  await expect(popup).toBeHidden();
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await chooseBrand(page, 'sga');
  await page.goto('/questa-pagina-non-esiste');
  await expectPage(page, '/errore/pagina-non-trovata', 'Pagina non trovata');
  await page.getByRole('link', { name: 'Torna alla pagina iniziale' }).click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
});

test('going offline shows the offline page', async ({ page, context }) => {
  await chooseBrand(page, 'sga');
  await context.setOffline(true);
  await expectPage(page, '/errore/offline', 'Sei offline');
  await context.setOffline(false);
});

test('a user without customers waits for confirmation', async ({ page }) => {
  await chooseBrand(page, 'sga');
  await submitLogin(page, ACCOUNTS.noCustomers);
  await expectPage(page, '/errore/in-attesa-di-conferma', 'Il tuo accesso è in attesa di conferma');
});
