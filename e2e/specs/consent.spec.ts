// The ad pixel sees page views only after marketing consent (SPEC §1), one per route change.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { answerConsent, expectPage, submitLogin } from '../support/app';

const pixelEvents = (page: Page) =>
  page.evaluate(
    () =>
      (window as Window & { __pixelEvents?: { path: string }[] }).__pixelEvents?.map((event) => event.path) ??
      [],
  );

test('no page view before consent', async ({ page }) => {
  await page.goto('/?company=sga');
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
  await answerConsent(page, 'Solo necessari');
  await submitLogin(page, ACCOUNTS.privateCustomer);
  await expectPage(page, '/dashboard', /^Ciao, /);
  expect(await pixelEvents(page)).toEqual([]);
});

test('page views follow route changes once marketing is accepted', async ({ page }) => {
  await page.goto('/?company=sga');
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
  expect(await pixelEvents(page)).toEqual([]);
  await answerConsent(page, 'Accetta tutti');
  await expect.poll(() => pixelEvents(page)).toEqual(['/login']);
  await submitLogin(page, ACCOUNTS.privateCustomer);
  await expectPage(page, '/dashboard', /^Ciao, /);
  await expect.poll(() => pixelEvents(page)).toContain('/dashboard');
});
