// Parts of the page that features add without editing the shell (ADR 011): the unread
// notification count in the header, and page titles that come from each feature's own texts.
import { expect, test } from '@playwright/test';
import { ACCOUNTS, BRAND_NAMES } from '../support/accounts';
import { expectPage, logInToDashboard, screenshotBothSizes, VIEWPORTS } from '../support/app';

test('the header counts the unread notifications the dashboard lists', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'msu', ACCOUNTS.privateCustomer);
  const summary = page.getByRole('region', { name: 'Notifiche' }).locator('.card__highlight');
  const text = (await summary.textContent()) ?? '';
  expect(text).toMatch(/^\d+ notific(a|he) non lett(a|e)$/);
  const header = page.getByRole('banner');
  await expect(header.getByText(text, { exact: true })).toBeAttached();
  await expect(header.locator('.unread-count__badge')).toHaveText(text.split(' ')[0] ?? '');
  await screenshotBothSizes(page, 'header-notifications');

  // Gone with the customer: after logout the header has no count.
  await page.getByRole('button', { name: 'Esci' }).first().click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
  await expect(page.locator('.unread-count')).toHaveCount(0);
});

test("each page's title comes from its feature, with the brand", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'msu', ACCOUNTS.privateCustomer);
  await expect(page).toHaveTitle(`La tua area clienti | ${BRAND_NAMES.msu}`);
  await page.getByRole('navigation').getByRole('link', { name: 'Forniture' }).first().click();
  await expectPage(page, '/supplies', 'Le tue forniture');
  await expect(page).toHaveTitle(`Forniture | ${BRAND_NAMES.msu}`);
  await page.getByRole('listitem').filter({ hasText: 'POD' }).getByRole('link').click();
  await expect(page).toHaveTitle(`Dettaglio fornitura | ${BRAND_NAMES.msu}`);
  await page.goto('/pagina-che-non-esiste');
  await expectPage(page, '/errore/pagina-non-trovata', 'Pagina non trovata');
  await expect(page).toHaveTitle(`Pagina non trovata | ${BRAND_NAMES.msu}`);
});
