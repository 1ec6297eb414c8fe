// The main journey for two brands, with screenshots of login and dashboard at both layouts.
import { expect, test } from '@playwright/test';
import { ACCOUNTS, BRAND_NAMES, type Brand } from '../support/accounts';
import {
  chooseBrand,
  expectAccessible,
  expectPage,
  screenshotBothSizes,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

for (const brand of ['sga', 'mes'] as const satisfies readonly Brand[]) {
  test(`${brand}: guest → company → login → customers → dashboard → logout`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await chooseBrand(page, brand);
    await expect(page).toHaveTitle(`Accedi | ${BRAND_NAMES[brand]}`);
    const guestSession = await page.evaluate(() => window.localStorage.getItem('sportello.sessionId'));
    expect(guestSession).toBeTruthy();

    await submitLogin(page, ACCOUNTS.privateCustomer);
    await expectPage(page, '/dashboard', /^Ciao, /);
    // Login rotates the session id.
    expect(await page.evaluate(() => window.localStorage.getItem('sportello.sessionId'))).not.toBe(
      guestSession,
    );

    const supplies = page.getByRole('region', { name: 'Le tue forniture' });
    await expect(supplies.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Messaggi' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifiche' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aiuto' })).toBeVisible();
    await expect(page.getByText('Versione 0.6.3')).toBeVisible();

    await page.getByRole('button', { name: 'Esci' }).click();
    await expectPage(page, '/login', 'Accedi alla tua area clienti');
    await expect(page.getByRole('button', { name: 'Aiuto' })).toBeHidden();
    const afterLogout = await page.evaluate(() => window.localStorage.getItem('sportello.sessionId'));
    expect(afterLogout).not.toBe(guestSession);
  });
}

for (const brand of Object.keys(BRAND_NAMES) as Brand[]) {
  test(`${brand}: screenshots of login and dashboard at 375 and 1280 px`, async ({ page }) => {
    await chooseBrand(page, brand);
    await screenshotBothSizes(page, `${brand}-login`);
    await submitLogin(page, ACCOUNTS.privateCustomer);
    await expectPage(page, '/dashboard', /^Ciao, /);
    await expect(
      page.getByRole('region', { name: 'Le tue forniture' }).getByRole('listitem').first(),
    ).toBeVisible();
    await screenshotBothSizes(page, `${brand}-dashboard`);
  });
}

test('the mobile menu opens in a drawer and leads home', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await chooseBrand(page, 'sga');
  await submitLogin(page, ACCOUNTS.privateCustomer);
  await expectPage(page, '/dashboard', /^Ciao, /);
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu principale' });
  await expect(drawer.getByRole('link', { name: 'Home' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Apri il menu' })).toBeFocused();
});
