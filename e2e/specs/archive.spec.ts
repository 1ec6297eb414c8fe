// "I tuoi dati" (ADR 039): mariorossi prepares the archive of his data, sees
// it in preparation, then ready (the jobs worker builds it), downloads the ZIP and finds his bills and
// the README in it; the two new alerts' channels are turned off and stay off after a reload. Axe on
// every page, screenshots at 375 and 1280 px. Its own brand's copy of mariorossi.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { ACCOUNTS } from '../support/accounts';
import {
  expectPage,
  logInToDashboard,
  passStepUpWithCode,
  screenshotBothSizes,
  VIEWPORTS,
} from '../support/app';

const BRAND = 'ast';

async function openProfile(page: Page) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, BRAND, ACCOUNTS.privateCustomer);
  await page.goto('/profile');
  await expectPage(page, '/profile', 'Il tuo profilo');
}

test('prepares the archive, sees it ready, downloads the ZIP', async ({ page }) => {
  test.setTimeout(120_000);
  await openProfile(page);
  await page.getByRole('link', { name: /^I tuoi dati/ }).click();
  await expectPage(page, '/profile/i-tuoi-dati', 'I tuoi dati');
  await expect(page.getByRole('heading', { name: 'Cosa contiene' })).toBeVisible();
  await expect(page.getByText('Non hai ancora chiesto un archivio.')).toBeVisible();
  await screenshotBothSizes(page, 'archive-empty');
  await page.setViewportSize(VIEWPORTS.desktop);

  await page.getByRole('button', { name: 'Prepara l’archivio' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Stiamo preparando il tuo archivio' }),
  ).toBeVisible();
  const item = page.locator('.archive-list > li').first();
  // The jobs worker builds it in the background; the page asks again until it is ready.
  await expect(item).toContainText(/In preparazione|Pronto/);
  await expect(item).toContainText('Pronto, scaricabile fino al', { timeout: 90_000 });
  await screenshotBothSizes(page, 'archive-ready');
  await page.setViewportSize(VIEWPORTS.desktop);

  const download = page.waitForEvent('download', { timeout: 60_000 });
  await item.getByRole('button', { name: /^Scarica l’archivio chiesto il / }).click();
  // Everything about him in one file: he proves it is him first (ADR 038).
  await passStepUpWithCode(page);
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^i-tuoi-dati-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile(await saved.path())));
  expect(strFromU8(entries['LEGGIMI.txt']!)).toContain('I TUOI DATI');
  const bills = JSON.parse(strFromU8(entries['bollette.json']!)) as unknown[];
  expect(bills.length).toBeGreaterThan(0);
  expect(Object.keys(entries).some((name) => /^bollette\/.+\.pdf$/.test(name))).toBe(true);
  expect(entries['consumi-orari.csv']).toBeDefined();
});

test('turns the two new alerts off, and they stay off', async ({ page }) => {
  await openProfile(page);
  await page.getByRole('link', { name: 'Preferenze di notifica' }).click();
  await expectPage(page, '/profile/manage-push', 'Preferenze di notifica');
  for (const alert of [
    'Nessun dato dal contatore da alcuni giorni',
    'Apertura dell’autolettura il giorno prima',
  ]) {
    const group = page.getByRole('group', { name: alert });
    await group.getByLabel('E-mail').uncheck();
    await group.getByLabel('Notifica push').uncheck();
  }
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Le tue preferenze sono state salvate.')).toBeVisible();
  await page.reload();
  for (const alert of [
    'Nessun dato dal contatore da alcuni giorni',
    'Apertura dell’autolettura il giorno prima',
  ]) {
    const group = page.getByRole('group', { name: alert });
    await expect(group.getByLabel('E-mail')).not.toBeChecked();
    await expect(group.getByLabel('Notifica push')).not.toBeChecked();
  }
  await screenshotBothSizes(page, 'archive-alerts');
});
