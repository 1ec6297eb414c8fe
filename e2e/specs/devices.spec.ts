// "Dispositivi e accessi" (ADR 037): mariorossi logged in in two browsers sees two
// sessions, this one marked, and ends the other, whose next page sends it to login with "Login
// scaduto"; a login from a third, never seen device is told by e-mail, and the e-mail's link ends
// that login. Axe on every page, screenshots at 375 and 1280 px. Its own brand's copy of mariorossi.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  answerConsent,
  expectPage,
  logInToDashboard,
  passStepUpWithCode,
  screenshotBothSizes,
  VIEWPORTS,
} from '../support/app';

const BRAND = 'mes';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

async function loggedInPage(browser: Browser, userAgent?: string): Promise<Page> {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, BRAND, ACCOUNTS.privateCustomer);
  return page;
}

async function openDevices(page: Page) {
  await page.goto('/profile');
  await expectPage(page, '/profile', 'Il tuo profilo');
  await page.getByRole('link', { name: 'Dispositivi e accessi' }).click();
  await expectPage(page, '/profile/dispositivi', 'Dispositivi e accessi');
  // The account's security events (ADR 044), or their empty state.
  await expect(page.getByRole('heading', { level: 2, name: 'Eventi di sicurezza' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Accessi aperti' })).toBeVisible();
}

/**
 * Closes the extra browsers a test opened. Cleanup only: on a loaded machine writing a context's
 * trace has failed once on close, which says nothing about the page.
 */
async function closeAll(...pages: Page[]) {
  for (const page of pages)
    await page
      .context()
      .close()
      .catch(() => undefined);
}

const sessionItems = (page: Page) => page.locator('.device-list > li');

/** The link of the 'Nuovo accesso al tuo account' e-mail about a device, from the outbox. */
async function newLoginLink(page: Page, device: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get('/dev/outbox')).text();
        const row = html
          .split('<tr>')
          .find((r) => r.includes('Nuovo accesso al tuo account') && r.includes(device));
        link = row ? /(\/accesso\/termina\/[A-Za-z0-9_-]{32})/.exec(row)?.[1] : undefined;
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return link!;
}

test('two browsers: this one sees both, ends the other, which is sent to login', async ({ browser }) => {
  // Two logins, two pages and a third step with the page's events: more than the default on a busy machine.
  test.setTimeout(120_000);
  const here = await loggedInPage(browser);
  await openDevices(here);
  // Whatever earlier specs left open on this brand goes first: from here on, two browsers.
  const endOthers = here.getByRole('button', { name: 'Termina tutti gli altri accessi' });
  if (await endOthers.isVisible()) await endOthers.click();
  await expect(here.getByText('Il tuo account è aperto solo su questo dispositivo.')).toBeVisible();

  const there = await loggedInPage(browser, IPHONE);
  await here.reload();
  await expect(sessionItems(here)).toHaveCount(2);
  const current = sessionItems(here).filter({ hasText: 'Questo dispositivo' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Chrome su Linux');
  const other = sessionItems(here).filter({ hasText: 'Safari su iPhone' });
  await expect(other).toContainText('Ultimo utilizzo:');
  await expect(here.getByRole('table', { name: 'Ultimi accessi' })).toContainText('Accesso riuscito');
  await screenshotBothSizes(here, 'devices');

  await other.getByRole('button', { name: "Termina l'accesso da Safari su iPhone" }).click();
  await expect(sessionItems(here)).toHaveCount(1);
  await expect(here.getByText('Il tuo account è aperto solo su questo dispositivo.')).toBeVisible();

  await there.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first().click();
  await expectPage(there, /\/login/, 'Accedi alla tua area clienti');
  await expect(there.getByRole('alert')).toHaveText('Login scaduto, inserire nuovamente i dati');
  await closeAll(there, here);
});

test('a login from a new device is told by e-mail, whose link ends that login', async ({ browser }) => {
  const intruder = await loggedInPage(browser, ANDROID_FIREFOX);
  const link = await newLoginLink(intruder, 'Firefox su Android');

  const mail = await browser.newContext();
  const reader = await mail.newPage();
  await reader.setViewportSize(VIEWPORTS.desktop);
  await reader.goto(`${link}?company=${BRAND}`);
  await expectPage(reader, /\/accesso\/termina\//, 'Termina un accesso');
  await answerConsent(reader);
  await reader.getByRole('button', { name: "Termina l'accesso" }).click();
  await expect(reader.getByRole('status')).toContainText("Fatto: l'accesso è terminato.");
  await screenshotBothSizes(reader, 'end-session-done');

  await intruder.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first().click();
  await expectPage(intruder, /\/login/, 'Accedi alla tua area clienti');
  await expect(intruder.getByRole('alert')).toHaveText('Login scaduto, inserire nuovamente i dati');

  // The link is spent: a second press says so, in Italian.
  await reader.goto(`${link}?company=${BRAND}`);
  await reader.getByRole('button', { name: "Termina l'accesso" }).click();
  await expect(reader.getByRole('alert')).toHaveText(
    'Il link non è più valido: l’accesso è già terminato oppure il link è stato usato o è scaduto.',
  );
  await closeAll(reader, intruder);
});

test('a personal token: created in the profile after a step-up, shown once, told by e-mail, reads consumption, revoked', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, BRAND, ACCOUNTS.privateCustomer);
  await page.goto('/profile');
  await page.getByRole('link', { name: /Token personali/ }).click();
  await expectPage(page, '/profile/token-personali', 'Token personali');
  await expect(page.getByText('Non hai ancora creato token.')).toBeVisible();

  // A name is asked for, in Italian.
  await page.getByRole('button', { name: 'Crea il token' }).click();
  await expect(page.getByText('Informazione obbligatoria')).toBeVisible();
  await expect(page.getByText(/smettono di funzionare quando cambi la password/)).toBeVisible();
  await page.getByLabel('Nome del token').fill('Home Assistant di casa');
  await page.getByRole('button', { name: 'Crea il token' }).click();
  // A token reads for a year without the password: the session proves its user again first.
  const stepUp = page.getByRole('dialog', { name: 'Conferma che sei tu' });
  await expect(stepUp).toBeVisible();
  await screenshotBothSizes(page, 'personal-token-step-up');
  await page.setViewportSize(VIEWPORTS.desktop);
  await passStepUpWithCode(page);
  const shown = page.getByRole('status').filter({ hasText: 'è pronto' });
  await expect(shown).toContainText('non te lo mostreremo più');
  const token = (await shown.locator('code').textContent()) ?? '';
  expect(token).toMatch(/^spt_[A-Za-z0-9_-]{43}$/);
  // Told to the contact on file (the jobs queue sends it within seconds), without the token.
  const outbox = async () => (await page.request.get('/dev/outbox')).text();
  await expect.poll(outbox, { timeout: 20_000 }).toContain('Nuovo token personale creato');
  expect(await outbox()).not.toContain(token);
  const item = page.locator('.device-list > li').filter({ hasText: 'Home Assistant di casa' });
  await expect(item).toContainText('Mai utilizzato');
  await page.getByText('Come si usa: curl e Home Assistant').click();
  await screenshotBothSizes(page, 'personal-tokens');

  // What a tool does with it: its own supplies, then a month of consumption.
  const bearer = { authorization: `Bearer ${token}` };
  const supplies = await page.request.get('/services/rest/personal/v1/supplies', { headers: bearer });
  expect(supplies.status()).toBe(200);
  const supplyKey = ((await supplies.json()) as { data: { supplies: { key: string }[] } }).data.supplies[0]!
    .key;
  const consumption = await page.request.get(
    `/services/rest/personal/v1/consumptions?supplyKey=${supplyKey}&from=2026-01-01&to=2026-11-01&granularity=month`,
    { headers: bearer },
  );
  expect(consumption.status(), await consumption.text()).toBe(200);
  // Nothing else: the portal's own calls refuse it.
  const other = await page.request.get('/services/rest/portalapi/Erp/v1/customers', { headers: bearer });
  expect(other.status()).toBe(401);

  await page.reload();
  await expect(item).toContainText('Ultimo utilizzo:');
  await item.getByRole('button', { name: 'Revoca il token Home Assistant di casa' }).click();
  await expect(page.getByText('Non hai ancora creato token.')).toBeVisible();
  const after = await page.request.get('/services/rest/personal/v1/supplies', { headers: bearer });
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { message: string }).message).toBe(
    'Token personale non valido, revocato o scaduto.',
  );
});

test('the readings of a chosen period, and their CSV', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, BRAND, ACCOUNTS.privateCustomer);
  await page.goto('/self-reading/archive');
  await expectPage(page, '/self-reading/archive', 'Archivio letture');
  await page.getByRole('heading', { level: 2 }).getByRole('link').first().click();
  await expectPage(page, /\/self-reading\/[^/]+\/archive$/, 'Archivio letture');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const allRows = await rows.count();

  // A year only: fewer readings, and the CSV holds exactly those.
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Dal').fill(yearAgo);
  await page.getByLabel('Al (incluso)').fill(today);
  await page.getByRole('button', { name: 'Mostra' }).click();
  await expect.poll(() => rows.count()).toBeLessThan(allRows);
  const csvLink = page.getByRole('link', { name: 'Scarica CSV' });
  await expect(csvLink).toHaveAttribute('download', new RegExp(`^letture-.+-${yearAgo}-${today}\\.csv$`));
  const csv = decodeURIComponent(((await csvLink.getAttribute('href')) ?? '').split(',').slice(1).join(','));
  const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
  expect(lines[0]).toMatch(/^Data;.+;Rilevata da$/);
  expect(lines).toHaveLength((await rows.count()) - 1 + 1);
  for (const line of lines.slice(1)) expect(line.slice(0, 10) >= yearAgo).toBe(true);

  // A period that ends before it starts is refused, in Italian.
  await page.getByLabel('Dal').fill(today);
  await page.getByLabel('Al (incluso)').fill(yearAgo);
  await page.getByRole('button', { name: 'Mostra' }).click();
  await expect(page.getByRole('alert')).toHaveText('La data di fine deve seguire quella di inizio.');
  await screenshotBothSizes(page, 'readings-period');
});
