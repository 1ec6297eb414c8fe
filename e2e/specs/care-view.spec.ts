// "Vedi come il cliente" (ADR 043): the demo operator finds mariorossi, is refused
// without a reason (Italian), gives one; the new tab shows Mario's home with the banner, its address
// without the code, the view kept in the tab; a write is refused; "Esci" ends it. The same link again
// in a fresh browser is refused in Italian, and Mario, logged in, reads the consultation in his
// profile. Axe on every page; the banner at 1280 and 375 px.
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  answerConsent,
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  VIEWPORTS,
} from '../support/app';
import { marioSupply, operatorLogin } from '../support/care';

test('an operator sees mariorossi’s portal as he does, read-only, and Mario reads it in his profile', async ({
  page,
  browser,
}) => {
  // Two tabs, two more browsers and a code step that may have to be waited for.
  test.setTimeout(240_000);
  const mario = await marioSupply(page.request);
  await page.setViewportSize(VIEWPORTS.desktop);
  await operatorLogin(page);
  await page.getByRole('searchbox').fill(mario.pointCode);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await page.getByRole('link', { name: mario.name }).first().click();
  await expectPage(page, /\/operatore\/clienti\/\d+$/, mario.name);
  await expect(page.getByText('Nessuna consultazione del portale di questo cliente.')).toBeVisible();

  const open = page.getByRole('button', { name: 'Vedi come il cliente' });
  await open.click();
  await expect(page.getByRole('alert')).toHaveText('Scegli il motivo della consultazione.');
  await expectAccessible(page);

  // The address the console opens, kept for the replay below.
  await page.evaluate(() => {
    const original = window.open.bind(window);
    window.open = (url?: string | URL, ...rest) => {
      (window as unknown as { viewUrl: string }).viewUrl = String(url);
      return original(url, ...rest);
    };
  });
  await page.getByLabel('Motivo').selectOption({ label: 'Verifica di una bolletta' });
  await page.getByLabel(/^Dettaglio/).fill('Chiede della bolletta di ottobre');
  const [view] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  const viewUrl = await page.evaluate(() => (window as unknown as { viewUrl: string }).viewUrl);
  expect(viewUrl).toMatch(/^\/consultazione#[A-Za-z0-9_-]{22}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Portale del cliente aperto' })).toBeVisible();

  await view.bringToFront();
  await view.setViewportSize(VIEWPORTS.desktop);
  await expectPage(view, '/dashboard', /^Ciao, /);
  const banner = view.getByRole('status').filter({ hasText: 'Stai vedendo il portale di' });
  await expect(banner).toContainText(
    /Stai vedendo il portale di Mario Rossi come lo vede il cliente — sola lettura — motivo: verifica di una bolletta — termina alle \d{2}:\d{2}/,
  );
  // No code left in the address bar, and the view's session in this tab only.
  expect(view.url()).not.toContain('#');
  expect(view.url()).not.toContain(viewUrl.split('#')[1]!);
  expect(await view.evaluate(() => window.localStorage.getItem('sportello.sessionId'))).toBeNull();
  const viewSession = await view.evaluate(() => window.sessionStorage.getItem('sportello.sessionId'));
  expect(viewSession).toMatch(/^[A-Za-z0-9_-]{22}$/);
  // The cookie question is this browser's, asked in the view's tab as in any other.
  await answerConsent(view);
  await screenshotBothSizes(view, 'care-view-banner');
  await view.setViewportSize(VIEWPORTS.mobile);
  await expect(banner).toBeVisible();
  await expect(view.getByRole('button', { name: 'Esci dalla consultazione' })).toBeVisible();
  await view.setViewportSize(VIEWPORTS.desktop);

  // A write is refused by the server, whatever the page offers.
  const write = await view.evaluate(async (sessionId) => {
    const response = await fetch('/services/rest/portalapi/Core/v1/sessions/handover', {
      method: 'POST',
      headers: { 'content-type': 'application/json', sessionId: sessionId ?? '' },
      body: JSON.stringify({ request: {} }),
    });
    return { status: response.status, message: ((await response.json()) as { message: string }).message };
  }, viewSession);
  expect(write).toEqual({ status: 403, message: 'In consultazione il portale è in sola lettura.' });

  // Esci ends the view: its session is gone on the server, and the tab the console opened closes.
  await Promise.all([
    view.waitForEvent('close'),
    view.getByRole('button', { name: 'Esci dalla consultazione' }).click(),
  ]);
  const after = await page.request.get('/services/rest/portalapi/Erp/v1/customers', {
    headers: { sessionId: viewSession! },
  });
  expect(after.status()).toBe(401);

  // The console lists the view.
  await page.bringToFront();
  await page.reload();
  await expectPage(page, /\/operatore\/clienti\/\d+$/, mario.name);
  await expect(
    page.getByRole('cell', { name: /Verifica di una bolletta — Chiede della bolletta di ottobre/ }),
  ).toBeVisible();

  // The same link in a fresh browser: refused in Italian, and nothing opened.
  const stranger = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const replay = await stranger.newPage();
  await replay.goto(viewUrl);
  await expectPage(replay, '/consultazione', 'Consultazione non disponibile');
  await expect(replay.getByRole('alert')).toHaveText(
    'Il link di consultazione non è più valido: aprilo di nuovo dalla console.',
  );
  expect(replay.url()).not.toContain('#');
  await expectAccessible(replay);
  await stranger.close();

  // Mario, in a browser of his own, reads the record in his profile.
  const own = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const marioPage = await own.newPage();
  await marioPage.setViewportSize(VIEWPORTS.mobile);
  await logInToDashboard(marioPage, 'sga', ACCOUNTS.privateCustomer);
  await marioPage.goto('/profile/dispositivi');
  await expect(marioPage.getByRole('heading', { name: 'Accessi del servizio clienti' })).toBeVisible();
  await expect(
    marioPage.getByText(
      /^Il servizio clienti ha consultato i tuoi dati il \d{2}\/\d{2}\/\d{4} alle \d{2}:\d{2} per: verifica di una bolletta \(Chiede della bolletta di ottobre\)\.$/,
    ),
  ).toBeVisible();
  await screenshotBothSizes(marioPage, 'care-view-profile');
  await own.close();
});
