// Delegations given (ADR 047), at 375 and 1280 px with axe: "Deleghe" in the profile says a delegate
// that only the holder manages them, and shows a holder with none its empty state; a supervisor of the
// care console revokes lucaverdi's delegation to Condominio Le Querce on msu (a brand no other spec logs
// lucaverdi into) on the customer's request, and lucaverdi no longer finds that customer. Both sides are
// told by e-mail.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  chooseBrand,
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  SCREENSHOT_DIR,
  submitLogin,
  VIEWPORTS,
} from '../support/app';
import { operatorLogin, supervisor } from '../support/care';

const BRAND = 'msu';
const DELEGATOR = 'Condominio Le Querce';

async function openDelegations(page: Page) {
  await page.goto('/profile');
  await page.getByRole('link', { name: /^Deleghe/ }).click();
  await expectPage(page, '/profile/deleghe', 'Deleghe');
}

test('the profile’s Deleghe: a holder with none', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, BRAND, ACCOUNTS.privateCustomer);
  await openDelegations(page);
  await expect(page.getByText('Non hai dato deleghe.')).toBeVisible();
  await screenshotBothSizes(page, 'delegations-none');
});

test('a supervisor revokes a delegation on the customer’s request; the delegate no longer reaches the customer', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const delegateContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const delegate = await delegateContext.newPage();
  await chooseBrand(delegate, BRAND);
  await submitLogin(delegate, ACCOUNTS.delegate);
  await expectPage(delegate, '/customers', 'Per quale cliente vuoi operare?');
  await delegate.getByRole('button', { name: new RegExp(DELEGATOR) }).click();
  await expectPage(delegate, '/dashboard', /^Ciao, /);
  await openDelegations(delegate);
  await expect(
    delegate.getByText("Solo l'intestatario può vedere e gestire le deleghe che ha dato."),
  ).toBeVisible();
  await screenshotBothSizes(delegate, 'delegations-delegate');

  const staffContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await staffContext.newPage();
  await operatorLogin(page, supervisor());
  await page.getByRole('searchbox').fill(DELEGATOR);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  const result = page
    .getByRole('listitem')
    .filter({ hasText: 'MSU' })
    .getByRole('link', { name: new RegExp(DELEGATOR) });
  await result.click();
  await expectPage(page, /\/operatore\/clienti\/\d+$/, new RegExp(DELEGATOR));

  await page.getByRole('button', { name: 'Revoca una delega' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revocare una delega del cliente?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Persona delegata')).toHaveValue(ACCOUNTS.delegate);
  await dialog
    .getByLabel('Motivo (almeno 10 caratteri)')
    .fill('Il cliente ha chiesto al telefono di revocarla');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/delegations-care-revoke-desktop.png` });
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: "Azioni sull'account" }).getByRole('status')).toHaveText(
    'Delega revocata. Il cliente e la persona delegata hanno ricevuto un avviso.',
  );
  await expectAccessible(page);

  // The delegate's next page no longer reaches the customer: he chooses among the others.
  await delegate.goto('/customers');
  await expectPage(delegate, '/customers', 'Per quale cliente vuoi operare?');
  await expect(delegate.getByRole('list').getByRole('button').first()).toBeVisible();
  await expect(delegate.getByRole('button', { name: new RegExp(DELEGATOR) })).toHaveCount(0);
  await expectAccessible(delegate);

  await expect
    .poll(async () => (await page.request.get('/dev/outbox')).text(), { timeout: 20_000 })
    .toContain('Delega revocata');
  await delegateContext.close();
  await staffContext.close();
});
