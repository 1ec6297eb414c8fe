// Module keys from the server decide which routes and menu entries exist (SPEC §2).
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { expectPage, logInToDashboard } from '../support/app';

const modulesOf = async (page: Page) => {
  const sessionId = await page.evaluate(() => window.localStorage.getItem('sportello.sessionId'));
  const answer = await page.request.get('/services/rest/portalapi/Core/v1/modules', {
    headers: { sessionId: sessionId ?? '' },
  });
  return ((await answer.json()) as { data: { key: string }[] }).data.map((module) => module.key);
};

test('mes disables services: no menu entry, and its route is not found', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInToDashboard(page, 'mes', ACCOUNTS.privateCustomer);
  expect(await modulesOf(page)).not.toContain('ser');
  const menu = page.getByRole('navigation', { name: 'Menu principale' });
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Servizi' })).toHaveCount(0);
  await page.goto('/services');
  await expectPage(page, '/errore/pagina-non-trovata', 'Pagina non trovata');
});

test('sga enables services, and the dashboard shows the invoices to pay', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  const modules = await modulesOf(page);
  expect(modules).toEqual(expect.arrayContaining(['ser', 'fatt', 'prat']));
  await expect(page.getByRole('region', { name: 'Bollette da pagare' })).toBeVisible();
});
