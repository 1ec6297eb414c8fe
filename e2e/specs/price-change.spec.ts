// Price changes are not marketing (issue 26 item 6, ADR 035): mariorossi's demo notice of a change of
// his hourly offer's prices shows on the dashboard and as a box on the supply page — the day it
// applies, each price from old to new, his own yearly estimate on the last 12 months of use, the last
// day to switch without penalty — with a link to the notice itself among his messages. Read only.
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

test('mariorossi sees the coming price change on the dashboard, the supply page and its notice', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  const card = page.getByRole('region', { name: 'Cambiano i prezzi della tua offerta' });
  await expect(card).toContainText(
    /Casa \(Luce\): dal \d{1,2} \p{L}+ \d{4}, per te circa \+\d+\s€ all'anno/u,
  );
  await expect(card).toContainText(/senza penali fino al \d{1,2} \p{L}+ \d{4}/u);
  await expectAccessible(page);
  const amount = ((await card.textContent()) ?? '').match(/circa (\+\d+)/)?.[1] ?? 'none';

  await card.getByRole('link', { name: 'Cosa cambia' }).click();
  await expect(page).toHaveURL(/\/supplies\/[^/]+$/);
  const box = page.getByRole('region', { name: /^Le condizioni della tua offerta cambiano il / });
  await expect(box).toBeVisible();
  await expect(box.getByRole('heading', { level: 2 })).toHaveText(
    new RegExp(`^Le condizioni della tua offerta cambiano il ${LONG_DATE.source}$`, 'u'),
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
  await expect(box).toContainText(/\d[\d.]* kWh da \p{L}+ \d{4} a \p{L}+ \d{4}, IVA e imposte escluse\./u);
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
