// Entry URLs that hand over a login or name a page:
// a URL never carries a session, a login here is never replaced without asking, a page asked for
// before the login is where the login lands, and a link or graph that cannot open says why.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  answerConsent,
  chooseBrand,
  expectPage,
  handoverCodeOf,
  logInToDashboard,
  screenshotBothSizes,
  sessionIdOf,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

// Two browsers and axe at each page on the shared, loaded machine (a time limit, not a speed assertion).
test.describe.configure({ timeout: 300_000 });

const VICTIM = ACCOUNTS.passwordChanger; // bianchisrl

/** Mario Rossi logged in in a browser of his own: what he could put in a link. */
async function marioElsewhere(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  return { page, close: () => context.close() };
}

const greeting = (page: Page) => page.getByRole('heading', { level: 1, name: /^Ciao, / });

test('a link with another user’s session or code never replaces a login without asking', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', VICTIM);
  const victimGreeting = (await greeting(page).textContent()) ?? '';
  const victimSession = await sessionIdOf(page);
  const mario = await marioElsewhere(browser);

  // Mario's raw session id, as SPEC §4 had it: refused, whatever form it comes in.
  const marioSession = (await sessionIdOf(mario.page)) ?? '';
  for (const raw of [btoa(marioSession), marioSession]) {
    await page.goto(`/?s=${encodeURIComponent(raw)}`);
    const refused = page.getByRole('dialog', { name: 'Attenzione!' });
    await expect(refused).toContainText('Il link di accesso non è più valido');
    await refused.getByRole('button', { name: 'Chiudi' }).click();
    await expectPage(page, '/dashboard');
    await expect(greeting(page)).toHaveText(victimGreeting);
  }
  expect(page.url()).not.toContain(marioSession);

  // Mario's handover code: asked, and cancelling keeps bianchisrl.
  await page.goto(`/?s=${await handoverCodeOf(mario.page)}`);
  const question = page.getByRole('dialog', { name: 'Chi vuoi che sia collegato?' });
  await expect(question).toContainText(`Sei già collegato come ${VICTIM}. Vuoi entrare come mariorossi?`);
  await expect(page).not.toHaveURL(/[?&]s=/);
  await screenshotBothSizes(page, 'handover-question');
  await question.getByRole('button', { name: `Annulla, resta ${VICTIM}` }).click();
  await expectPage(page, '/dashboard');
  await expect(greeting(page)).toHaveText(victimGreeting);
  expect(await sessionIdOf(page)).toBe(victimSession);

  // The same code again is spent; a new one, accepted, enters as Mario with a session of its own.
  await page.goto(`/?s=${await handoverCodeOf(mario.page)}`);
  await page.getByRole('button', { name: 'Entra come mariorossi' }).click();
  await expectPage(page, '/dashboard');
  await expect(greeting(page)).toHaveText('Ciao, Mario Rossi');
  expect(await sessionIdOf(page)).not.toBe(marioSession);
  await mario.close();
});

test('a page opened before the login is where the login lands', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/invoices?page=2');
  await expectPage(page, /\/company\?next=/, 'Scegli il tuo fornitore');
  await answerConsent(page);
  await page.getByRole('button', { name: 'Accedi a Sole Gas Acqua' }).click();
  await expectPage(page, /\/login\?next=/, 'Accedi alla tua area clienti');
  await submitLogin(page, ACCOUNTS.privateCustomer);
  await expectPage(page, /\/invoices\?page=2$/, 'Bollette');
});

test('a next that is not a path of this site falls back to the dashboard', async ({ page }) => {
  await chooseBrand(page, 'sga');
  await page.goto('/login?next=/%09/evil.example');
  await submitLogin(page, ACCOUNTS.privateCustomer);
  await expectPage(page, '/dashboard', /^Ciao, /);
});

test('after "Login scaduto" the login comes back to the page', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  // The login ends on the server while the page is open; the next page asked for meets the 401.
  await page.request.delete('/services/rest/portalapi/Core/v1/user/logout', {
    headers: { sessionId: (await sessionIdOf(page)) ?? '' },
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first().click();
  await expectPage(page, /\/login\?next=%2Finvoices$/, 'Accedi alla tua area clienti');
  await expect(page.getByRole('alert')).toHaveText('Login scaduto, inserire nuovamente i dati');
  await submitLogin(page, ACCOUNTS.privateCustomer);
  await expectPage(page, /\/invoices$/, 'Bollette');

  // The same on a fresh load of a page: /invoices?page=2 in a new tab after the login ended.
  await page.goto('/invoices?page=2');
  await page.request.delete('/services/rest/portalapi/Core/v1/user/logout', {
    headers: { sessionId: (await sessionIdOf(page)) ?? '' },
  });
  await page.reload();
  await expectPage(page, /\/login\?next=/, 'Accedi alla tua area clienti');
  await submitLogin(page, ACCOUNTS.privateCustomer);
  await expectPage(page, /\/invoices\?page=2$/, 'Bollette');
});

test('a made-up link says it is not valid, with the way to the login', async ({ page }) => {
  await chooseBrand(page, 'sga');
  await page.goto('/link/nonexistent');
  await expectPage(page, '/link/nonexistent', 'Link non valido');
  await screenshotBothSizes(page, 'link-invalid');
  await page.getByRole('link', { name: 'Accedi alla tua area clienti' }).click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
});

test('an anonymous graph with a refused code says so, and names no internal key', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const graph = '/supplies/SUP-sga-000001/graphs/anon';
  await page.goto(`${graph}?rcrm=1&sessionId=AAAAAAAAAAAAAAAAAAAAAA&supplyKey=SUP-sga-000001&customerKey=x`);
  await answerConsent(page);
  await expectPage(page, graph, 'Grafico dei consumi');
  await expect(page.getByRole('alert')).toContainText(
    'Il link per vedere i consumi non è valido o è scaduto',
  );
  await expect(page.getByText('Caricamento…')).toBeHidden();
  await expect(page.getByText('SUP-sga-000001')).toHaveCount(0);
  await screenshotBothSizes(page, 'graphs-anon-refused');
});
