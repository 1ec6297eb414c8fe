// Messages, notifications, proposals, offers and entry links: every demo link as a guest
// and as a logged-in user, the blocking acceptance popup, reading a message drops the counts,
// answering a proposal, an offer page, the index route's `s` query; axe on every page, screenshots
// at 375 and 1280 px. Brands are split so the changes made here (a message read, a proposal
// answered, a workflow replied) never meet another spec's or test's expectations.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, type Brand } from '../support/accounts';
import {
  answerConsent,
  chooseBrand,
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  sessionIdOf,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

// Many pages per test, each checked with axe, on a shared machine.
test.describe.configure({ timeout: 240_000 });

const REST = '/services/rest/portalapi';
const ACCEPTANCE_USER = 'giuliaconti';
const ACCEPTANCE_TITLE = 'Aggiornamento delle condizioni generali di fornitura';
const CURRENT_PROPOSAL = 'Passa a Luce Fissa 24';
const WORKFLOW_TITLE = 'Conferma l’appuntamento per la verifica del contatore';

/** Every URL the tab shows, in order, including those a guard replaces at once. */
function recordUrls(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  return seen;
}

async function expectVisited(seen: string[], path: string) {
  await expect
    .poll(() => seen.includes(path), { message: `visited ${path}; saw ${seen.join(', ')}` })
    .toBe(true);
}

/** What a session may read: the status of a GET with that session id. */
async function statusWith(page: Page, path: string): Promise<number> {
  const sessionId = (await sessionIdOf(page)) ?? '';
  return (await page.request.get(`${REST}/${path}`, { headers: { sessionId } })).status();
}

const openLink = (page: Page, name: string, brand: Brand) =>
  page.goto(`/link/${name}-${brand}?company=${brand}`);

test('every demo link as a guest: each reaches its target and nothing else', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const seen = recordUrls(page);
  const brand = 'ast';

  // Proposal (8): the page opens for the guest, who may read that proposal.
  await page.goto(`/link/demo-proposal-${brand}?company=${brand}`);
  await answerConsent(page);
  await expectPage(page, /\/proposals\/PRP-ast-\d+$/, CURRENT_PROPOSAL);
  const proposalKey = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect(await statusWith(page, `Erp/v1/proposals/${proposalKey}`)).toBe(200);
  // A guest has no side menu, no dashboard: the page is all there is.
  await expect(page.getByRole('link', { name: 'Torna alla dashboard' })).toHaveCount(0);

  // Message (4): the same guest now reaches the message, and no longer the proposal.
  await openLink(page, 'demo-message', brand);
  await expectPage(page, /\/messages\/MSG-ast-\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Messaggio non trovato');
  await screenshotBothSizes(page, 'message-guest');
  await page.setViewportSize(VIEWPORTS.desktop);
  expect(await statusWith(page, `Erp/v1/proposals/${proposalKey}`)).toBe(403);
  expect([401, 403]).toContain(await statusWith(page, `Core/v1/notifications`));

  // Password (5): mariorossi has a password, so the reset page with the link as token.
  await openLink(page, 'demo-password', brand);
  await expectVisited(seen, `/recupero-psw?token=demo-password-${brand}`);

  // Self-reading (7) and PUN (9): their pages come with the readings work; the path is the target.
  await openLink(page, 'demo-self-reading', brand);
  await expect.poll(() => seen.some((url) => /^\/supplies\/[^/]+\/autolettura$/.test(url))).toBe(true);
  expect(await statusWith(page, `Erp/v1/proposals/${proposalKey}`)).toBe(403);
  await openLink(page, 'demo-pun', brand);
  await expectVisited(seen, '/pun');

  // Workflow reply (6): the replies, then the full feedback with the way back to the dashboard.
  await openLink(page, 'demo-workflow', brand);
  await expectPage(page, `/link/demo-workflow-${brand}`, WORKFLOW_TITLE);
  await screenshotBothSizes(page, 'workflow-reply');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.getByRole('button', { name: 'Confermo' }).click();
  const feedback = page.getByRole('dialog', { name: 'Grazie, la tua conferma è stata registrata' });
  await expect(feedback).toBeVisible();
  await expect(feedback.getByRole('button', { name: 'Torna alla dashboard' })).toBeVisible();
  await expectAccessible(page);
  // Once answered, the link says so instead of asking again.
  await page.reload();
  await expect(page.getByText('Hai già risposto: Confermo')).toBeVisible();

  // Unknown → says so, with the way on; expired → login with the spec's sentence.
  await openLink(page, 'made-up', brand);
  await expectPage(page, /\/link\/made-up/, 'Link non valido');
  await openLink(page, 'demo-expired', brand);
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
  await expect(page.getByRole('alert')).toHaveText('Link scaduto, inserire nuovamente i dati');
  await screenshotBothSizes(page, 'link-expired');
  await page.setViewportSize(VIEWPORTS.desktop);

  // Invoice (1) needs a user: login, then the bill the link names.
  await openLink(page, 'demo-invoice', brand);
  await expectPage(page, /\/login\?next=/, 'Accedi alla tua area clienti');
  await submitLogin(page, ACCOUNTS.privateCustomer, PASSWORD);
  await expectPage(page, /\/invoice\/[^/]+$/);
  await expect(page.getByText('Lo scontrino dell’energia')).toBeVisible();
});

test('every demo link as a logged-in user', async ({ page }) => {
  const brand = 'mes';
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, brand, ACCOUNTS.privateCustomer);
  const seen = recordUrls(page);

  await openLink(page, 'demo-invoice', brand);
  await expectPage(page, /\/invoice\/[^/]+$/);
  await expect(page.getByText('Lo scontrino dell’energia')).toBeVisible();
  await openLink(page, 'demo-message', brand);
  await expectPage(page, /\/messages\/MSG-mes-\d+$/);
  await expect(page.getByRole('link', { name: 'Tutti i messaggi' })).toBeVisible();
  await openLink(page, 'demo-proposal', brand);
  await expectPage(page, /\/proposals\/PRP-mes-\d+$/, CURRENT_PROPOSAL);
  await openLink(page, 'demo-workflow', brand);
  await expectPage(page, `/link/demo-workflow-${brand}`, WORKFLOW_TITLE);
  await openLink(page, 'demo-password', brand);
  await expectVisited(seen, `/recupero-psw?token=demo-password-${brand}`);
  await openLink(page, 'demo-self-reading', brand);
  await expect.poll(() => seen.some((url) => /^\/supplies\/[^/]+\/autolettura$/.test(url))).toBe(true);
  await openLink(page, 'demo-pun', brand);
  await expectVisited(seen, '/pun');
  // Expired: a logged-in user stays in and reads why.
  await openLink(page, 'demo-expired', brand);
  await expectPage(page, `/link/demo-expired-${brand}`);
  await expect(page.getByRole('status')).toHaveText('Link scaduto, inserire nuovamente i dati');
});

test('reading a message drops the counts in the list, the side menu and the dashboard', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sgr', ACCOUNTS.privateCustomer);
  const card = page.getByRole('region', { name: 'Messaggi' });
  await expect(card.locator('.card__highlight')).toHaveText('Hai 2 messaggi da leggere');
  const menuEntry = page
    .getByRole('navigation', { name: 'Menu principale' })
    .getByRole('link', { name: /^Messaggi/ });
  await expect(menuEntry).toHaveAccessibleName(/^Messaggi\s*2 messaggi non letti$/);

  await menuEntry.click();
  await expectPage(page, '/messages', 'Messaggi');
  await expect(page.getByRole('main').getByText('2 messaggi non letti', { exact: true })).toBeVisible();
  await screenshotBothSizes(page, 'messages');
  await page.setViewportSize(VIEWPORTS.desktop);

  const unread = page.locator('.message-item--unread').first().getByRole('link');
  const title = (await unread.locator('.message-item__title').textContent()) ?? '';
  await unread.click();
  await expectPage(page, /\/messages\/MSG-sgr-\d+$/, title);
  await screenshotBothSizes(page, 'message');
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(menuEntry).toHaveAccessibleName(/^Messaggi\s*1 messaggio non letto$/);

  await page.getByRole('link', { name: 'Tutti i messaggi' }).click();
  await expectPage(page, '/messages', 'Messaggi');
  await expect(page.getByRole('main').getByText('1 messaggio non letto', { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Home' }).click();
  await expectPage(page, '/dashboard');
  await expect(card.locator('.card__highlight')).toHaveText('Hai 1 messaggio da leggere');
});

test('a proposal: accepted once, then shown as answered; outside its dates not found', async ({ page }) => {
  const brand = 'msu';
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, brand, ACCOUNTS.privateCustomer);
  await openLink(page, 'demo-proposal', brand);
  await expectPage(page, /\/proposals\/PRP-msu-\d+$/, CURRENT_PROPOSAL);
  await screenshotBothSizes(page, 'proposal');
  await page.setViewportSize(VIEWPORTS.desktop);

  // Accepting goes through a review (price, conditions, date); only its confirmation sends.
  await expect(page.getByRole('heading', { name: 'Cosa accetti' })).toBeVisible();
  await page.getByRole('button', { name: 'Accetto la proposta' }).click();
  await expect(page.getByText("Confermi l'adesione alle condizioni qui sopra?")).toBeVisible();
  await page.getByRole('button', { name: 'Confermo e accetto la proposta' }).dblclick();
  const done = page.getByRole('dialog', { name: 'Proposta accettata' });
  await expect(done).toBeVisible();
  await expectAccessible(page);
  await done.getByRole('button', { name: 'Torna alla dashboard' }).click();
  await expectPage(page, '/dashboard');
  await page.goBack();
  await expect(page.getByText(/^Hai accettato questa proposta il /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accetto la proposta' })).toHaveCount(0);

  // The demo's expired and future proposals follow the current one.
  const key = new URL(page.url()).pathname.split('/').pop() ?? '';
  const [, prefix = '', number = '0'] = /^(.*-)(\d+)$/.exec(key) ?? [];
  for (const offset of [1, 2]) {
    await page.goto(`/proposals/${prefix}${String(Number(number) + offset).padStart(number.length, '0')}`);
    await expectPage(page, /\/proposals\//, 'Proposta non trovata');
  }
});

test('the acceptance popup blocks every page until accepted', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await chooseBrand(page, 'sga');
  await submitLogin(page, ACCEPTANCE_USER);
  await expect(page).toHaveURL(/\/dashboard$/);
  const popup = page.getByRole('alertdialog', { name: ACCEPTANCE_TITLE });
  await expect(popup).toBeVisible();
  await screenshotBothSizes(page, 'acceptance-popup');
  await page.setViewportSize(VIEWPORTS.desktop);

  // Escape, a click beside it, a click on a menu link, Tab round the page: it stays, focus inside.
  await page.keyboard.press('Escape');
  await expect(popup).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(popup).toBeVisible();
  const box = await page.locator('.side-menu').getByText('Forniture').boundingBox();
  if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="alertdialog"]')))).toBe(
      true,
    );
  }

  // Navigating or reloading brings it back.
  await page.goto('/supplies');
  await expect(popup).toBeVisible();
  await page.reload();
  await expect(popup).toBeVisible();

  await popup.getByRole('button', { name: 'Accetto' }).click();
  await expect(popup).toBeHidden();
  await expectPage(page, '/supplies', 'Le tue forniture');
  await page.reload();
  await expectPage(page, '/supplies', 'Le tue forniture');
  await expect(popup).toHaveCount(0);

  // The header's bell opens the notification centre, where it shows as accepted.
  await page
    .getByRole('banner')
    .getByRole('link', { name: /notific/ })
    .click();
  await expectPage(page, '/notifications', 'Notifiche');
  await expect(page.getByText(/^Accettata il /)).toBeVisible();
  await screenshotBothSizes(page, 'notifications');
  await page.setViewportSize(VIEWPORTS.desktop);
  // Marking one read lowers the count.
  const before = await page.getByRole('button', { name: /^Segna come letta/ }).count();
  expect(before).toBeGreaterThan(0);
  await page
    .getByRole('button', { name: /^Segna come letta/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /^Segna come letta/ })).toHaveCount(before - 1);
});

test('an offer: name, hourly prices said so, conditions and the PDF sheet', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page
    .getByRole('navigation', { name: 'Menu principale' })
    .getByRole('link', { name: 'Forniture' })
    .click();
  await expectPage(page, '/supplies', 'Le tue forniture');
  await page.getByRole('listitem').filter({ hasText: 'POD' }).getByRole('link').first().click();
  await page.getByRole('link', { name: "Prezzi, condizioni e scheda dell'offerta" }).click();
  await expectPage(page, /\/offers\/SGA-/);
  await expect(page.getByText(/^Offerta a prezzo orario/)).toBeVisible();
  await expect(page.getByText(/in più sul PUN/).first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Condizioni principali' }).getByRole('listitem').first(),
  ).toBeVisible();
  await screenshotBothSizes(page, 'offer');
  await page.setViewportSize(VIEWPORTS.desktop);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: "Scarica la scheda dell'offerta (PDF)" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});

test('the index route starts a session from the handover code `s` carries (ADR 023)', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const created = await page.request.post(`${REST}/Core/v1/sessions`, {
    data: { request: { company: 'sga' } },
  });
  const guestId = ((await created.json()) as { data: { id: string } }).data.id;
  const login = await page.request.post(`${REST}/Core/v1/user/login`, {
    headers: { sessionId: guestId },
    data: { request: { username: ACCOUNTS.privateCustomer, password: PASSWORD } },
  });
  const sessionId = ((await login.json()) as { data: { id: string } }).data.id;
  const handover = await page.request.post(`${REST}/Core/v1/sessions/handover`, {
    headers: { sessionId },
    data: { request: {} },
  });
  const { code } = ((await handover.json()) as { data: { code: string } }).data;
  // A browser with no login of its own: the code opens the dashboard with a session of its own.
  await page.goto(`/?company=sga&s=${encodeURIComponent(code)}`);
  await answerConsent(page);
  await expectPage(page, '/dashboard', /^Ciao, /);
  await expect(page).not.toHaveURL(/[?&]s=/);
  const adopted = await sessionIdOf(page);
  expect(adopted).toBeTruthy();
  expect(adopted).not.toBe(sessionId);
});
