// A tab opened before a deploy: the page it asks for next names a chunk of the
// last build, which the server now answers with 404; the tab keeps its page and offers a reload.
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { expectAccessible, expectPage, logInToDashboard, VIEWPORTS } from '../support/app';

test.describe.configure({ timeout: 180_000 });

test('a chunk of the last build is a 404, and the tab offers a reload', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const missing = await page.request.get('/assets/invoices-page-of-the-last-build.js');
  expect(missing.status()).toBe(404);

  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  // The bills page's chunk, as after a deploy that renamed it.
  await page.route('**/assets/invoices-page-*.js', (route) =>
    route.fulfill({ status: 404, body: 'Not Found' }),
  );
  await page.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first().click();
  const popup = page.getByRole('dialog', { name: 'È disponibile una nuova versione' });
  await expect(popup).toContainText('ricaricala per continuare');
  await expectAccessible(page);

  await page.unroute('**/assets/invoices-page-*.js');
  await popup.getByRole('button', { name: 'Ricarica la pagina' }).click();
  await expectPage(page, '/invoices', 'Bollette');
});
