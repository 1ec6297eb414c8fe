// Price changes are not marketing (ADR 035, ADR 058): mariorossi's demo notice of a change of his
// hourly offer's prices shows on the dashboard and as a box on the supply page — the day it applies,
// counted as the rule counts (three months from the first of the month after he received it, twelve
// days ago), each price from old to new, his own yearly estimate on the last 12 months of use with
// VAT, the last day to switch without penalty — with a link to the notice itself among his messages.
// Read only.
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  VIEWPORTS,
} from '../support/app';

const LONG_DATE = /\d{1,2} \p{L}+ \d{4}/u;

/** The day the demo's change applies: received 12 days ago, from the first of the fourth month after. */
function demoEffectiveDay(): string {
  const rome = new Date(`${new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' })}T00:00:00Z`);
  rome.setUTCDate(rome.getUTCDate() - 12);
  const effective = new Date(Date.UTC(rome.getUTCFullYear(), rome.getUTCMonth() + 4, 1));
  return new Intl.DateTimeFormat('it-IT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(effective);
}

test('mariorossi sees the coming price change on the dashboard, the supply page and its notice', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  const card = page.getByRole('region', { name: 'Cambiano i prezzi della tua offerta' });
  await expect(card).toContainText(
    /Casa · POD IT\w+ \(Luce\): dal \d{1,2} \p{L}+ \d{4}, per te circa \+\d+\s€ all'anno/u,
  );
  await expect(card).toContainText(/senza penali fino al \d{1,2} \p{L}+ \d{4}/u);
  await expectAccessible(page);
  const amount = ((await card.textContent()) ?? '').match(/circa (\+\d+)/)?.[1] ?? 'none';

  await card.getByRole('link', { name: 'Cosa cambia' }).click();
  await expect(page).toHaveURL(/\/supplies\/[^/]+$/);
  const box = page.getByRole('region', { name: /^Le condizioni della tua offerta cambiano il / });
  await expect(box).toBeVisible();
  await expect(box.getByRole('heading', { level: 2 })).toHaveText(
    `Le condizioni della tua offerta cambiano il ${demoEffectiveDay()}`,
  );
  const lines = box.getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toHaveText(
    /Energia \(spread sul PUN orario\): PUN \+ 0,012 €\/kWh\s*→\s*a\s*PUN \+ 0,022 €\/kWh/,
  );
  await expect(lines.nth(1)).toHaveText(
    /Quota fissa di commercializzazione: 9,00 €\/mese\s*→\s*a\s*10,00 €\/mese/,
  );
  await expect(box).toContainText(
    /Per te circa \+\d+\s€ all'anno, stimato sui tuoi consumi degli ultimi 12 mesi/,
  );
  await expect(box).toContainText(/\d[\d.]* kWh da \p{L}+ \d{4} a \p{L}+ \d{4}, IVA inclusa\./u);
  await expect(box).toContainText(
    new RegExp(`Puoi cambiare fornitore o offerta senza penali fino al ${LONG_DATE.source}\\.`, 'u'),
  );
  // One figure: the dashboard, the box and (below) the notice say the same amount.
  await expect(box).toContainText(new RegExp(`circa \\${amount}\\s€ all'anno`));
  await screenshotBothSizes(page, 'supply-price-change');

  await box.getByRole('link', { name: /^Leggi la comunicazione del / }).click();
  await expectPage(page, /\/messages\/[^/]+$/, 'Cambiano i prezzi della tua offerta Luce Oraria');
  await expect(
    page.getByText(new RegExp(`^Per te circa \\${amount}\\s€ all’anno, stimato sui tuoi consumi`)),
  ).toBeVisible();
  await expect(page.getByText(/^Puoi cambiare fornitore o offerta senza penali fino al/)).toBeVisible();
  await screenshotBothSizes(page, 'price-change-notice');
});
