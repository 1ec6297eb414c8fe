// Complaints with their clocks (ADR 030): the demo's late answer shows its automatic
// compensation and the bill it was credited on; a new complaint about a bill gets its number and
// the date by which the supplier must answer; a form sent empty says what is missing and keeps
// what was typed. Each brand has its own copy of mariorossi: this spec files on brand ast's.
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  VIEWPORTS,
} from '../support/app';

test('the demo complaint answered late shows its compensation credited on a bill', async ({ page }) => {
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page.goto('/reclami');
  await expectPage(page, '/reclami', 'Reclami');
  const late = page.getByRole('listitem').filter({ hasText: 'Indennizzo automatico per il ritardo' });
  await expect(late).toHaveCount(1);
  await expect(late).toContainText('Risposto il');
  await expect(late).toContainText(/accreditato sulla bolletta n\. \S+/);
  const open = page.getByRole('listitem').filter({ hasText: 'In lavorazione' });
  await expect(open.first()).toContainText(/Risposta entro il \d{1,2} \p{L}+ \d{4}/u);
  await expect(page.getByText('Preferisci parlare con una persona?')).toBeVisible();
  await screenshotBothSizes(page, 'complaints-list');
});

test('a complaint about a bill: what is missing is said, then it is filed with its deadline', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.mobile);
  await logInToDashboard(page, 'ast', ACCOUNTS.privateCustomer);
  await page.goto('/reclami/nuovo');
  await expectPage(page, '/reclami/nuovo', 'Nuovo reclamo');
  await expectAccessible(page);

  const text = page.getByLabel('Testo del reclamo');
  await text.fill('La bolletta addebita consumi che non ho fatto.');
  await page.getByRole('button', { name: 'Invia il reclamo' }).click();
  await expect(page.getByText('Scegli la categoria del reclamo.')).toBeVisible();
  await expect(page.getByText('Scegli la fornitura a cui si riferisce il reclamo.')).toBeVisible();
  await expect(text).toHaveValue('La bolletta addebita consumi che non ho fatto.');

  await page.getByLabel('Categoria').selectOption({
    label: 'Fatturazione e importi (risposta entro 30 giorni, rettifica della bolletta entro 60 giorni)',
  });
  const supply = page.getByLabel('Fornitura');
  await supply.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Invia il reclamo' }).click();
  await expect(
    page.getByText('Per questa categoria indica la bolletta a cui si riferisce il reclamo.'),
  ).toBeVisible();
  const bill = page.getByLabel('Bolletta', { exact: true });
  await expect(bill.locator('option')).not.toHaveCount(1);
  await bill.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Invia il reclamo' }).click();

  const sent = page.getByRole('dialog', { name: 'Reclamo inviato' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText(/ti risponderemo entro il \d{1,2} \p{L}+ \d{4}/u);
  await expectAccessible(page);
  await sent.getByRole('button', { name: 'Vedi il reclamo' }).click();
  await expect(page).toHaveURL(/\/reclami\/[^/]+$/);
  await expect(page.getByText('Mancano 30 giorni')).toBeVisible();
  await expect(page.getByText('La bolletta addebita consumi che non ho fatto.')).toBeVisible();
  await screenshotBothSizes(page, 'complaint-filed');
});
