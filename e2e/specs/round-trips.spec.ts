// Round trips: the dashboard, the bills and a bill ask what they need together,
// in at most three round trips of API calls, and the modules list once per page load. The test
// holds every API call the page makes and answers them in rounds: it waits until the page has
// asked all it can without a new answer (no new call for a while), then answers those calls at
// once and counts one round. Calls asked together share a round; a call that needs another's
// answer falls in the next. How fast the server answers plays no part.
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { expectPage, logInToDashboard, VIEWPORTS } from '../support/app';

const MAX_ROUNDS = 3;
/** How long the page is given to ask its next calls after answers (it needs a few ms; the machine may be busy). */
const ASKING_PAUSE_MS = 1_500;

const API = '**/services/rest/**';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `action` (a navigation) with every API call held and answered in rounds, until the page
 * shows `shown` and asks nothing more; lists the calls by round.
 */
async function roundsOf(page: Page, action: () => Promise<unknown>, shown: Locator) {
  const held: Route[] = [];
  await page.route(API, (route) => {
    held.push(route);
  });
  const navigation = action();
  const rounds: string[][] = [];
  for (;;) {
    const before = held.length;
    await pause(ASKING_PAUSE_MS);
    if (held.length !== before) continue; // still asking
    if (held.length === 0) {
      // Nothing asked since the last answers: done once the page shows them (its code may still be loading).
      if (await shown.isVisible()) break;
      continue;
    }
    const round = held.splice(0);
    rounds.push(round.map((route) => callName(route)));
    await Promise.all(
      round.map(async (route) => route.fulfill({ response: await route.fetch() }).catch(() => undefined)),
    );
  }
  await page.unroute(API);
  await navigation;
  const listing = rounds.map((calls, i) => `  round ${i + 1}: ${calls.sort().join(', ')}`).join('\n');
  return { rounds, listing, calls: rounds.flat() };
}

const callName = (route: Route) => {
  const url = new URL(route.request().url());
  return `${route.request().method()} ${url.pathname.replace('/services/rest/portalapi', '')}`;
};

const modulesCalls = (calls: string[]) => calls.filter((call) => call.endsWith('/Core/v1/modules'));

/** Counts the round trips of `action`, prints them (for the report), and holds them to the budget. */
async function expectWithinBudget(page: Page, name: string, action: () => Promise<unknown>, shown: Locator) {
  const { rounds, listing, calls } = await roundsOf(page, action, shown);
  console.log(`${name}: ${calls.length} calls in ${rounds.length} round trips\n${listing}`);
  expect(rounds.length, `${name}: round trips of API calls\n${listing}`).toBeLessThanOrEqual(MAX_ROUNDS);
  return calls;
}

test.beforeEach(async ({ page }) => {
  // Logging in and a few pauses per page (ASKING_PAUSE_MS) on a shared machine.
  test.setTimeout(180_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
});

const billsList = (page: Page) => page.getByRole('region', { name: 'Le tue bollette' });
// The bill's heading names its number once the bill is in.
const billHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /\d/ });

test('the dashboard, opened afresh, asks in at most three round trips and the modules once', async ({
  page,
}) => {
  const supplies = page.getByRole('heading', { name: 'Le tue forniture' });
  const calls = await expectWithinBudget(page, 'dashboard (page load)', () => page.reload(), supplies);
  expect(modulesCalls(calls)).toHaveLength(1);
  await expectPage(page, '/dashboard', /^Ciao, /);
  await expect(supplies).toBeVisible();
});

test('the bills and a bill, reached from the menu, ask in at most three round trips and never the modules', async ({
  page,
}) => {
  const menuLink = page.getByRole('navigation').getByRole('link', { name: 'Bollette' }).first();
  const firstBill = billsList(page).getByRole('listitem').first();
  let calls = await expectWithinBudget(page, 'bills (from the menu)', () => menuLink.click(), firstBill);
  expect(modulesCalls(calls)).toHaveLength(0);
  await expectPage(page, '/invoices', 'Bollette');

  const billLink = billsList(page).getByRole('link').first();
  calls = await expectWithinBudget(page, 'a bill (from the list)', () => billLink.click(), billHeading(page));
  expect(modulesCalls(calls)).toHaveLength(0);
  await expectPage(page, /\/invoice\/[^/]+$/);
});

test('the bills and a bill, opened afresh, ask in at most three round trips', async ({ page }) => {
  await page.goto('/invoices');
  await expectPage(page, '/invoices', 'Bollette');
  const bill = await billsList(page).getByRole('link').first().getAttribute('href');
  expect(bill).toMatch(/^\/invoice\/[^/]+$/);

  const firstBill = billsList(page).getByRole('listitem').first();
  let calls = await expectWithinBudget(page, 'bills (page load)', () => page.reload(), firstBill);
  expect(modulesCalls(calls)).toHaveLength(1);

  calls = await expectWithinBudget(page, 'a bill (page load)', () => page.goto(bill!), billHeading(page));
  expect(modulesCalls(calls)).toHaveLength(1);
  await expectPage(page, /\/invoice\/[^/]+$/);
});
