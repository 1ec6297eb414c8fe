// Helpers every spec uses: each page reached is checked with axe (no serious or critical
// violation), and the common steps of the portal (consent, brand, login) are one call each.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type * as Axe from 'axe-core';
import { BRAND_NAMES, PASSWORD, type Brand } from './accounts';

export const SCREENSHOT_DIR = 'e2e/screenshots';

/** Waits for the page at `path` (with its main heading) and checks it with axe. */
export async function expectPage(
  page: Page,
  path: string | RegExp,
  heading?: string | RegExp,
): Promise<void> {
  await expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`${escape(path)}(\\?.*)?$`) : path);
  if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectAccessible(page);
}

/** axe-core's own build, put into a page once per document (see expectAccessible). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Checks the page with axe-core: no serious or critical violation of WCAG 2.2 A/AA. axe is put into
 * the document once and run there; @axe-core/playwright injected it again on every check and finished
 * each in a new page, which cost 1–2 s a check against 0.2 s and was most of the suite's CPU. The
 * portal has no frames, so one document is the whole page.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    // Only violations are read: axe then skips describing every passing node (its advice for speed).
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
  }, WCAG_TAGS);
  expect(violations, `accessibility of ${page.url()}`).toEqual([]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Answers the consent banner (checked by axe first, since every visitor sees it). */
export async function answerConsent(
  page: Page,
  choice: 'Accetta tutti' | 'Solo necessari' = 'Solo necessari',
) {
  const button = page.getByRole('button', { name: choice, exact: true }).first();
  await expect(button).toBeVisible({ timeout: 15_000 });
  // Measure contrast once the banner has faded in, not halfway through.
  await expect
    .poll(() => page.locator('#cc-main .cm').evaluate((modal) => getComputedStyle(modal).opacity))
    .toBe('1');
  await expectAccessible(page);
  await button.click();
  await expect(button).toBeHidden();
}

/** Fresh visitor: company page, consent, brand choice, login page. */
export async function chooseBrand(page: Page, brand: Brand): Promise<void> {
  await page.goto('/');
  await expectPage(page, '/company', 'Scegli il tuo fornitore');
  await answerConsent(page);
  await page.getByRole('button', { name: `Accedi a ${BRAND_NAMES[brand]}` }).click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
  await expect(page.getByRole('link', { name: new RegExp(BRAND_NAMES[brand]) })).toBeVisible();
}

export async function submitLogin(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

/** Logs in and lands on the dashboard (the only customer is chosen automatically). */
export async function logInToDashboard(page: Page, brand: Brand, username: string): Promise<void> {
  await chooseBrand(page, brand);
  await submitLogin(page, username);
  await expectPage(page, '/dashboard', /^Ciao, /);
  await expect(page.getByRole('heading', { name: 'Le tue forniture' })).toBeVisible();
}

export const sessionIdOf = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('sportello.sessionId'));

/**
 * A single-use handover code for the page's logged-in session (ADR 023), as another channel of the
 * brand asks for one before putting it in a link.
 */
/** Reads ERP calls with the page's session: `data(path)` answers the call's data, expecting 200. */
export async function erpReader(page: Page) {
  const headers = { sessionid: (await sessionIdOf(page)) ?? '' };
  return async <T>(path: string): Promise<T> => {
    const res = await page.request.get(`/services/rest/portalapi/Erp/v1/${path}`, { headers });
    expect(res.status(), path).toBe(200);
    return (await res.json()).data as T;
  };
}

export const handoverCodeOf = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/services/rest/portalapi/Core/v1/sessions/handover', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        sessionId: window.localStorage.getItem('sportello.sessionId') ?? '',
      },
      body: JSON.stringify({ request: {} }),
    });
    return ((await response.json()) as { data: { code: string } }).data.code;
  });

/** A failure answer in the shape of the API envelope. */
export const failureBody = (message: string) => JSON.stringify({ success: false, message, errors: [] });

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * Checks the page with axe at 375 and at 1280 px, that nothing makes it scroll sideways, and saves
 * a full-page screenshot of each; the viewport is left at 1280 px.
 */
export async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scroll of ${page.url()} at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${size}.png`, fullPage: true });
  }
}

/** The newest mail to `to` with `subject` in the outbox (written by the job worker within seconds). */
export async function mailText(page: Page, to: string, subject: string): Promise<string> {
  const pattern = new RegExp(`<td>${to}</td><td>${subject}</td><td><pre>([\\s\\S]*?)</pre>`);
  let text = '';
  await expect
    .poll(async () => {
      const html = await (await page.request.get('/dev/outbox')).text();
      text = pattern.exec(html)?.[1] ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

/** The path and query of the first portal URL in a mail (the server's public base is another origin). */
export const mailedPath = (text: string, path: string) => {
  const url = new RegExp(`https?://[^\\s/]+(${path}[^\\s<]*)`).exec(text)?.[1] ?? '';
  // The outbox page escapes every '&' as '&#38;' (a second query parameter would become a fragment).
  return url
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');
};

/** The newest "codice di verifica" row of the developer's outbox (newest first), or undefined. */
async function newestCodeRow(page: Page): Promise<string | undefined> {
  const html = await (await page.request.get('/dev/outbox')).text();
  return html.split('<tr>').find((row) => /codice di verifica è \d{4}/.test(row));
}

/**
 * Passes the step-up dialog (ADR 038) with a code to the contact on file, read from the outbox, as
 * a customer without a passkey does; the refused call is then sent again by itself.
 */
export async function passStepUpWithCode(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Conferma che sei tu' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  const before = await newestCodeRow(page);
  await dialog
    .getByRole('button', { name: /^Invia un codice a / })
    .first()
    .click();
  await expect(dialog.getByRole('status')).toContainText('Ti abbiamo inviato un codice');
  let row: string | undefined;
  await expect
    .poll(
      async () => {
        row = await newestCodeRow(page);
        return row !== undefined && row !== before;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await dialog.getByLabel('Codice').fill(/codice di verifica è (\d{4})/.exec(row!)![1]!);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * An authenticator built into the "device" (Chromium's virtual one, CDP WebAuthn), the person always
 * verified (fingerprint, PIN): what the passkey specs register and log in with.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
