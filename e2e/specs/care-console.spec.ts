// The customer-care console (ADR 041): the demo operator logs in at /operatore with the
// password and the code of the demo's published TOTP secret, finds mariorossi by his POD and opens his
// page (1280 px); the search at 375 px too; a one-character search answers in Italian. Axe on every
// page. The POD is read through the customer API, so the spec follows the demo world.
import { expect, test } from '@playwright/test';
import { marioSupply, operatorLogin } from '../support/care';
import { expectAccessible, expectPage, screenshotBothSizes, VIEWPORTS } from '../support/app';

test('an operator logs in with a code, finds mariorossi by his POD and opens his page', async ({ page }) => {
  const mario = await marioSupply(page.request);
  await page.setViewportSize(VIEWPORTS.desktop);
  // A code opens once: the shared login waits for the next one if another spec just spent it.
  await operatorLogin(page);
  await expectPage(page, '/operatore/cerca', 'Cerca un cliente');
  await expect(page.getByText(/Operatore demo · Operatore/)).toBeVisible();
  const box = page.getByRole('searchbox');
  await box.fill('m');
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Scrivi almeno 2 caratteri per cercare.');
  await expectAccessible(page);

  await box.fill(mario.pointCode);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  const result = page.getByRole('link', { name: mario.name }).first();
  await expect(result).toBeVisible();
  await expect(page.getByText(`trovato per POD/PDR: ${mario.pointCode}`).first()).toBeVisible();
  await screenshotBothSizes(page, 'care-console-search');

  await page.setViewportSize(VIEWPORTS.desktop);
  await result.click();
  await expectPage(page, /\/operatore\/clienti\/\d+$/, mario.name);
  await expect(page.getByRole('heading', { name: 'Forniture' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: new RegExp(mario.pointCode) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bollette' })).toBeVisible();
  await expect(page.getByText(/^Da pagare in totale: /)).toBeVisible();
  for (const heading of ['Richieste', 'Reclami', 'Messaggi inviati'])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await screenshotBothSizes(page, 'care-console-customer');

  // At 375 px the search still works, back from the customer's page.
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.getByRole('link', { name: 'Torna alla ricerca' }).click();
  await expectPage(page, '/operatore/cerca', 'Cerca un cliente');
  await page.getByRole('searchbox').fill('nessuno-con-questo-nome');
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(
    page.getByText('Nessun cliente trovato per «nessuno-con-questo-nome» nei tuoi marchi.'),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Esci' }).click();
  await expectPage(page, '/operatore', 'Accesso operatori');
});
