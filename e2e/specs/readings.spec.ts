// Self-readings, readings archive, consumption charts and PUN: a plausible reading and an
// implausible one confirmed, both in the archive; the chart by month/day/hour in kWh and €, with its
// CSV checked against the table; the chart across its frame with every label whole; the anonymous
// graph through the rcrm query; the PUN page; screenshots at 375 and 1280 px. Each test has its own
// brand, so readings never meet.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  answerConsent,
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes as screenshots,
  VIEWPORTS,
  handoverCodeOf,
} from '../support/app';

// Long flows, each page checked with axe at two widths: on the shared, loaded machine the default
// minute is not enough (a time limit, not a speed assertion).
test.describe.configure({ timeout: 300_000 });

/** The last value the page shows under a register field ("Ultima lettura: 12.345."). */
async function lastValueOf(page: Page, label: RegExp): Promise<number> {
  const field = page.getByLabel(label);
  const hintId = ((await field.getAttribute('aria-describedby')) ?? '').split(' ')[0] ?? '';
  const hint = (await page.locator(`[id="${hintId}"]`).textContent()) ?? '';
  const match = /Ultima lettura: ([\d.]+)/.exec(hint);
  expect(match, hint).not.toBeNull();
  return Number((match?.[1] ?? '').replace(/\./g, ''));
}

const windowCard = (page: Page) => page.getByRole('region', { name: 'Finestra aperta: invia la lettura' });

test('sends a plausible reading, then an implausible one it confirms, and finds both in the archive', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sgr', ACCOUNTS.privateCustomer);
  await expect(windowCard(page).getByRole('link', { name: 'Invia la lettura' })).toHaveCount(2);
  // Both supplies are called "Casa": the POD/PDR and the commodity tell them apart.
  await expect(windowCard(page)).toContainText(/Casa · POD IT\w+ \(Luce\)/);
  await expect(windowCard(page)).toContainText(/Casa · PDR \d+ \(Gas\)/);

  // The electricity meter: one register per band; a small step over the last reading is plausible.
  await windowCard(page).getByRole('link', { name: 'Invia la lettura' }).first().click();
  await expectPage(page, /\/supplies\/\d+\/autolettura$/, 'Autolettura');
  await expect(page.getByRole('heading', { name: /Puoi inviare la lettura fino al/ })).toBeVisible();
  const electricityPath = new URL(page.url()).pathname;
  for (const band of ['F1', 'F2', 'F3']) {
    const last = await lastValueOf(page, new RegExp(`^Fascia ${band}`));
    await page.getByLabel(new RegExp(`^Fascia ${band}`)).fill(String(last + 12));
  }
  // Letters are refused in the browser, with the message under the field; the typed values stay.
  await page.getByLabel(/^Fascia F1/).fill('12a');
  await page.getByRole('button', { name: 'Invia la lettura' }).click();
  await expect(page.getByText('La lettura può contenere solo cifre.')).toBeVisible();
  await page.getByLabel(/^Fascia F1/).fill(String((await lastValueOf(page, /^Fascia F1/)) + 12));
  await screenshots(page, 'self-reading');
  await page.getByRole('button', { name: 'Invia la lettura' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Lettura inviata' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: "Vai all'archivio letture" }).click();
  await expectPage(page, /\/self-reading\/\d+\/archive$/, 'Archivio letture');
  const electricityRows = page.getByRole('table').getByRole('row');
  await expect(electricityRows.nth(1)).toContainText('Autolettura del cliente');
  // The double click recorded one reading: the next row is an older, not a self, reading today.
  await expect(
    electricityRows.filter({ hasText: 'Autolettura del cliente' }).filter({ hasText: /\d/ }),
  ).not.toHaveCount(0);
  const selfToday = await electricityRows.filter({ hasText: 'Autolettura del cliente' }).count();

  // The gas meter: a value far beyond the usual consumption is warned about, then confirmed.
  await page.goto('/dashboard');
  await windowCard(page).getByRole('link', { name: 'Invia la lettura' }).nth(1).click();
  await expectPage(page, /\/supplies\/\d+\/autolettura$/, 'Autolettura');
  expect(new URL(page.url()).pathname).not.toBe(electricityPath);
  const gas = page.getByLabel(/^Volume/);
  await gas.fill(String((await lastValueOf(page, /^Volume/)) + 2_000));
  await page.getByRole('button', { name: 'Invia la lettura' }).click();
  await expect(page.getByRole('heading', { name: 'Controlla la lettura' })).toBeVisible();
  await expect(page.getByText(/consumo di 2\.000 Smc dall'ultima lettura/)).toBeVisible();
  await screenshots(page, 'self-reading-warning');
  await page.getByRole('button', { name: 'Sono sicuro: confermo i valori' }).click();
  await expect(page.getByRole('heading', { name: 'Lettura inviata' })).toBeVisible();
  await expect(page.getByText('Hai confermato i valori segnalati')).toBeVisible();
  await page.getByRole('button', { name: "Vai all'archivio letture" }).click();
  await expectPage(page, /\/self-reading\/\d+\/archive$/, 'Archivio letture');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(
    'valori confermati dal cliente',
  );

  // The archive of every supply shows both.
  await page.goto('/self-reading/archive');
  await expectPage(page, '/self-reading/archive', 'Archivio letture');
  await expect(page.getByText('valori confermati dal cliente')).toBeVisible();
  expect(selfToday).toBeGreaterThan(0);
  await screenshots(page, 'readings-archive');
});

/** The table's body rows as text cells, and the CSV the page offers, parsed. */
async function tableAndCsv(page: Page) {
  const table = page.getByRole('table', { name: /^Consumi per/ });
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((c) => c.textContent ?? '')),
    );
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Scarica CSV' }).click();
  const file = await (await download).path();
  const csv = (await readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  return { rows, csv };
}

/**
 * Mario Rossi's (Sole Gas Acqua) electricity supply "Casa", which has hourly data, and its consumption
 * graphs, at desktop width. (Musa Energia's first "Casa" may be gas, which has no hours to draw.)
 */
async function openGraphsOfHomeSupply(page: Page) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page.getByRole('link', { name: 'Casa' }).first().click();
  await expectPage(page, /\/supplies\/\d+$/);
  await page.getByRole('link', { name: 'Grafico dei consumi' }).click();
  await expectPage(page, /\/supplies\/\d+\/graphs$/, 'Grafico dei consumi');
}

test('explores consumption by month, day and hour in kWh and euros, and downloads what is shown', async ({
  page,
}) => {
  await openGraphsOfHomeSupply(page);
  await expect(page.getByRole('heading', { name: 'Legenda' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Grafico a barre dei consumi/ })).toBeVisible();

  // By month: a year of months, every band; the CSV has the same rows and totals as the table.
  const months = await tableAndCsv(page);
  expect(months.rows.length).toBeGreaterThanOrEqual(12);
  expect(months.csv[0]).toBe('Periodo;F1 (kWh);F2 (kWh);F3 (kWh);Totale (kWh)');
  expect(months.csv).toHaveLength(months.rows.length + 1);
  months.rows.forEach((row, i) => expect(months.csv[i + 1]?.split(';')[0]).toBe(row[0]));
  await screenshots(page, 'graphs-month');

  await page.getByRole('radio', { name: 'Giorno' }).check();
  await expect(page.getByRole('table', { name: /^Consumi per giorno/ }).locator('tbody tr')).toHaveCount(30);
  await page.getByRole('radio', { name: 'Ora' }).check();
  await expect(page.getByRole('table', { name: /^Consumi per ora/ }).locator('tbody tr')).toHaveCount(24);
  const hours = await tableAndCsv(page);
  expect(hours.csv).toHaveLength(25);

  // Euros: the same hours, priced (an hourly offer: PUN of each hour plus the spread).
  await page.getByRole('radio', { name: '€' }).check();
  await expect(page.getByText('Offerta a prezzo orario')).toBeVisible();
  const euros = await tableAndCsv(page);
  expect(euros.csv[0]).toBe('Periodo;F1 (€);F2 (€);F3 (€);Totale (€)');
  expect(euros.rows[0]?.[1]).toMatch(/€/);
  await expectAccessible(page);

  // Year over year on months; a range with nothing in it says so.
  await page.getByRole('radio', { name: 'Mese' }).check();
  await page.getByLabel("Confronta con l'anno precedente").check();
  await expect(page.getByRole('table', { name: /^Consumi per mese/ }).locator('thead th')).toHaveCount(6);
  // The compared column names the year before the range's, or both when the range spans a new year.
  const [from, to] = [
    await page.getByLabel('Dal').inputValue(),
    await page.getByLabel('Al (incluso)').inputValue(),
  ];
  const [first, last] = [Number(from.slice(0, 4)) - 1, Number(to.slice(0, 4)) - 1];
  await expect(
    page
      .getByRole('table', { name: /^Consumi per mese/ })
      .locator('thead th')
      .last(),
  ).toHaveText(first === last ? String(first) : `${first}/${String(last).slice(2)}`);
  await screenshots(page, 'graphs-compare');
  await page.getByLabel('Dal').fill('2015-01-01');
  await page.getByLabel('Al (incluso)').fill('2015-03-31');
  await page.getByRole('button', { name: 'Mostra' }).click();
  await expect(page.getByText('Non ci sono consumi registrati in questo periodo.')).toBeVisible();
});

/**
 * The chart against its frame: the share of the frame's width its drawing takes, the axis texts
 * not wholly inside the drawing (an SVG clips them), and the period labels that overlap the one
 * before them.
 */
async function chartFit(page: Page) {
  const frame = page.getByRole('region', { name: /^Grafico a barre dei consumi/ });
  return frame.evaluate((element) => {
    const style = getComputedStyle(element);
    const inner = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const drawing = element.querySelector('svg')!.getBoundingClientRect();
    const texts = Array.from(element.querySelectorAll('svg text'), (text) => ({
      text: text.textContent ?? '',
      box: text.getBoundingClientRect(),
    }));
    const inside = ({ box }: { box: DOMRect }) =>
      box.left >= drawing.left &&
      box.right <= drawing.right &&
      box.top >= drawing.top &&
      box.bottom <= drawing.bottom;
    const periods = texts
      .filter(({ box }) => box.top > drawing.top + drawing.height / 2)
      .sort((a, b) => a.box.left - b.box.left);
    return {
      share: drawing.width / inner,
      clipped: texts.filter((text) => !inside(text)).map(({ text }) => text),
      overlapping: periods
        .filter(({ box }, i) => i > 0 && box.left < periods[i - 1]!.box.right)
        .map(({ text }) => text),
    };
  });
}

test('draws the consumption chart across its frame, every axis label whole, at 1280 and 375 px', async ({
  page,
}) => {
  await openGraphsOfHomeSupply(page);

  // Longest labels first; the year of months, the reported case, last, as the screenshots show it.
  const views: [string, boolean][] = [
    ['Ora', false],
    ['Giorno', false],
    ['Mese', true],
    ['Mese', false],
  ];
  for (const [granularity, compare] of views) {
    await page.getByRole('radio', { name: granularity }).check();
    await page.getByLabel("Confronta con l'anno precedente").setChecked(compare);
    const table = page.getByRole('table', { name: new RegExp(`^Consumi per ${granularity.toLowerCase()}`) });
    // Period, three bands, total and, compared, the year before.
    await expect(table.locator('thead th')).toHaveCount(compare ? 6 : 5);
    for (const size of ['desktop', 'mobile'] as const) {
      await page.setViewportSize(VIEWPORTS[size]);
      // The chart follows its frame's width once the browser has laid the page out again.
      await expect(async () => {
        const fit = await chartFit(page);
        expect(fit.share, `${granularity} at ${size}: share of its frame`).toBeGreaterThanOrEqual(0.9);
        expect(fit.clipped, `${granularity} at ${size}: labels cut`).toEqual([]);
        expect(fit.overlapping, `${granularity} at ${size}: labels overlapping`).toEqual([]);
      }).toPass({ timeout: 10_000 });
    }
  }
  await screenshots(page, 'graphs-fit');
});

test('opens only the consumption graph through the rcrm query', async ({ page, browser }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page.getByRole('link', { name: 'Casa' }).first().click();
  await expectPage(page, /\/supplies\/\d+$/);
  const supplyId = /\/supplies\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1] ?? '';
  const code = await handoverCodeOf(page);
  const customerKey = await page.evaluate(() => window.localStorage.getItem('sportello.customerId'));

  const crm = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const anon = await crm.newPage();
  await anon.goto(
    `/supplies/${supplyId}/graphs/anon?sessionId=${code}&supplyKey=${supplyId}&customerKey=${customerKey ?? 'x'}&rcrm=1`,
  );
  await answerConsent(anon);
  await expectPage(anon, `/supplies/${supplyId}/graphs/anon`, 'Grafico dei consumi');
  await expect(
    anon
      .getByRole('table', { name: /^Consumi per mese/ })
      .locator('tbody tr')
      .first(),
  ).toBeVisible();
  await screenshots(anon, 'graphs-anon');
  // rcrm is remembered: no other route is offered.
  await anon.goto('/dashboard');
  await expect(anon).toHaveURL(/\/errore\/pagina-non-trovata$/);
  await anon.goto(`/supplies/${supplyId}/graphs/anon`);
  await expectPage(anon, `/supplies/${supplyId}/graphs/anon`, 'Grafico dei consumi');
  await crm.close();
});

test("shows today's and tomorrow's PUN, the monthly band averages and the hourly supply's last month", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'ast', ACCOUNTS.privateCustomer);
  await page.goto('/pun');
  await expectPage(page, '/pun', "Prezzo orario dell'energia (PUN)");
  await expect(page.getByRole('heading', { name: /^Oggi, / })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Domani, / })).toBeVisible();
  // Each day hour by hour, in a table that fits a phone, with its cheapest hours named.
  await expect(page.getByRole('table', { name: /^Prezzo ora per ora del / })).toHaveCount(2);
  await expect(page.getByText(/^Le ore più convenienti: /).first()).toBeVisible();
  await expect(page.getByText('Media').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Medie mensili per fascia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Il tuo ultimo mese a questi prezzi' })).toBeVisible();
  await expect(page.getByText(/kWh consumati a .*, costo dell'energia .*€/)).toBeVisible();
  await screenshots(page, 'pun');
});
