// Electronic invoices (ADR 067): a business customer downloads a bill's FatturaPA XML beside its PDF
// (its total the page's), a private customer's bill without one says so in words; the business
// customer sets its recipient code in the profile (checked, a step-up, shown back), a private one is
// not offered it. At 375 and 1280 px with axe. bianchisrl on a brand no other spec changes it on.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, type Brand } from '../support/accounts';
import {
  expectAccessible,
  expectPage,
  logInToDashboard,
  passStepUpWithCode,
  screenshotBothSizes,
  VIEWPORTS,
} from '../support/app';

const BRAND: Brand = 'msu';
const BUSINESS = ACCOUNTS.business;

async function openFirstBill(page: Page, username: string) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, BRAND, username);
  await page.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first().click();
  await expectPage(page, '/invoices', 'Bollette');
  const first = page
    .getByRole('region', { name: 'Le tue bollette' })
    .getByRole('link', { name: /^Vedi la bolletta n\. / })
    .first();
  await first.click();
  await expectPage(page, /\/invoice\/\d+$/, /Bolletta|Nota di credito|Rata|Conguaglio|Ricalcolo/);
}

test('a business customer downloads the FatturaPA XML beside the PDF, its total the page’s', async ({
  page,
}) => {
  await openFirstBill(page, BUSINESS);
  const button = page.getByRole('button', { name: 'Scarica la fattura elettronica (XML)' });
  await expect(button).toBeVisible();
  await expect(page.getByText(/^Identificativo SdI: \d{13}$/)).toBeVisible();
  await screenshotBothSizes(page, 'einvoice-bill');
  await page.setViewportSize(VIEWPORTS.mobile);
  const total = ((await page.locator('.bill-scontrino__total td').last().textContent()) ?? '').replace(
    /[^\d,]/g,
    '',
  );
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/ - fattura elettronica\.xml$/);
  const xml = await readFile(await file.path(), 'utf8');
  expect(xml).toContain('<p:FatturaElettronica versione="FPR12"');
  const stated = /<ImportoTotaleDocumento>([\d.]+)<\/ImportoTotaleDocumento>/.exec(xml)?.[1];
  expect(stated?.replace('.', ',')).toBe(total);
});

test('a private customer’s bill without XML says so, and the profile offers no recipient code', async ({
  page,
}) => {
  await openFirstBill(page, ACCOUNTS.privateCustomer);
  await expect(
    page.getByText('La fattura elettronica (XML) di questa bolletta non è ancora disponibile'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /fattura elettronica/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.goto('/profile');
  await expectPage(page, '/profile', 'Il tuo profilo');
  await expect(page.getByText('Codice destinatario (SdI)')).toHaveCount(0);
});

test('a business customer sets its recipient code: checked, a step-up, shown back', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, BRAND, BUSINESS);
  await page.goto('/profile');
  await expectPage(page, '/profile', 'Il tuo profilo');
  await page.getByRole('link', { name: 'Modifica: Codice destinatario (SdI)' }).click();
  await expectPage(page, '/profile/fatturazione-elettronica', 'Fatturazione elettronica');
  await screenshotBothSizes(page, 'einvoicing');

  // Neither a code nor a PEC: the PEC is asked for; a short code is refused.
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Senza codice destinatario indica la PEC')).toBeVisible();
  await page.getByLabel('Codice destinatario').fill('M5U');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Il codice destinatario è di 7 lettere o cifre.')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Codice destinatario').fill('m5uxcr1');
  await page.getByRole('button', { name: 'Salva' }).click();
  await passStepUpWithCode(page);
  await expect(page.getByText('Abbiamo registrato il nuovo recapito')).toBeVisible();
  await page.goto('/profile');
  await expectPage(page, '/profile', 'Il tuo profilo');
  await expect(page.getByText('M5UXCR1')).toBeVisible();
});
