// A delegate reaches several customers and chooses which one to act for.
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { chooseBrand, expectPage, submitLogin } from '../support/app';

test('a delegate chooses between customers and can switch', async ({ page }) => {
  await chooseBrand(page, 'sga');
  await submitLogin(page, ACCOUNTS.delegate);
  await expectPage(page, '/customers', 'Per quale cliente vuoi operare?');
  const choices = page.getByRole('list').getByRole('button');
  expect(await choices.count()).toBeGreaterThan(1);
  await expect(page.getByText('Delega').first()).toBeVisible();

  const first = (await choices.nth(0).locator('.choice-card__title').textContent()) ?? '';
  await choices.nth(0).click();
  await expectPage(page, '/dashboard', `Ciao, ${first}`);

  // The choice survives a reload (restored from the saved id).
  await page.reload();
  await expectPage(page, '/dashboard', `Ciao, ${first}`);

  await page.getByRole('link', { name: 'Cambia cliente' }).click();
  await expectPage(page, '/customers', 'Per quale cliente vuoi operare?');
  const second = (await choices.nth(1).locator('.choice-card__title').textContent()) ?? '';
  await choices.nth(1).click();
  await expectPage(page, '/dashboard', `Ciao, ${second}`);
});
