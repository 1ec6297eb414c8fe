// The customer on one page and fixing the account (ADR 045), at 1280 px with
// axe: an operator opens condominioaurora on sga (a demo customer no other spec logs in as), sees the
// new sections, ends the customer's sessions with a reason (first without one: the Italian refusal),
// and the customer's open browser is sent to login with "Login scaduto".
import { expect, test } from '@playwright/test';
import { expectAccessible, expectPage, logInToDashboard, SCREENSHOT_DIR, VIEWPORTS } from '../support/app';
import { operatorLogin } from '../support/care';

const CUSTOMER = 'condominioaurora';

test('an operator sees the whole customer and ends the customer’s sessions with a reason', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const customerContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const customer = await customerContext.newPage();
  await logInToDashboard(customer, 'sga', CUSTOMER);

  const staffContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await staffContext.newPage();
  await operatorLogin(page);
  await page.getByRole('searchbox').fill('Condominio Aurora');
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  // The demo has one Condominio Aurora per brand: the one on sga.
  const result = page
    .getByRole('listitem')
    .filter({ hasText: 'SGA' })
    .getByRole('link', { name: /Condominio Aurora/ });
  await expect(result).toBeVisible();
  await result.click();
  await expectPage(page, /\/operatore\/clienti\/\d+$/, /Condominio Aurora/);

  for (const heading of [
    "Azioni sull'account",
    'Pagamenti',
    'Letture',
    'Consensi',
    'Cambi dei consensi',
    'Dispositivi e accessi aperti',
    'Deleghe',
    'Avvisi inviati',
    'Eventi di sicurezza del cliente',
  ])
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  const sessions = page.getByRole('region', { name: 'Dispositivi e accessi aperti' });
  await expect(sessions.getByRole('rowheader').first()).toBeVisible();
  await expect(page.getByText('Nessuna delega data o ricevuta.')).toBeVisible();
  // The demo's consents were seeded, never changed: the history's empty state.
  await expect(page.getByText('Nessun cambio dei consensi registrato.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/care-account-desktop.png`, fullPage: true });

  await page.getByRole('button', { name: 'Termina tutti gli accessi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terminare tutti gli accessi del cliente?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Motivo (almeno 10 caratteri)')).toBeFocused();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Scrivi il motivo (almeno 10 caratteri).');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/care-account-dialog-desktop.png` });

  await dialog.getByLabel('Motivo (almeno 10 caratteri)').fill('Telefono smarrito, chiamata del cliente');
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: "Azioni sull'account" }).getByRole('status')).toContainText(
    'Accessi terminati:',
  );
  await expect(page.getByText('Nessun accesso aperto.')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Eventi di sicurezza del cliente' })
      .getByRole('rowheader', { name: 'Accessi terminati dal servizio clienti' })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);

  await customer.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first().click();
  await expectPage(customer, /\/login/, 'Accedi alla tua area clienti');
  await expect(customer.getByRole('alert')).toHaveText('Login scaduto, inserire nuovamente i dati');

  await customerContext.close();
  await staffContext.close();
});
