// Staff passkeys (ADR 044), with Chromium's virtual authenticator (CDP WebAuthn): the
// demo operator logs in at /operatore with password and code, adds a passkey on the console's Passkey
// page, logs out, logs in with "Accedi con passkey" (no username, no password, no code), sees the
// passkey used, and removes it. 1280 px (staff work on desktops), axe on every page. Passkeys belong
// to a host name: the spec runs on localhost (the server's WEBAUTHN_ORIGINS in e2e/support/server.mjs).
import { expect, test, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import demoAccounts from '../../docs/demo-accounts.json' with { type: 'json' };
import {
  addVirtualAuthenticator,
  expectAccessible,
  expectPage,
  SCREENSHOT_DIR,
  VIEWPORTS,
} from '../support/app';

const operator = demoAccounts.staff[0]!;
const NAME = 'Portatile di prova';
const PERIOD_MS = 30_000;

test.use({
  baseURL: (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace('127.0.0.1', 'localhost'),
});

const totp = new TOTP({ secret: operator.totpSecret, algorithm: 'SHA1', digits: 6, period: 30 });

/**
 * The demo operator's code opens once per 30 s step (ADR 041) and care-console.spec logs in with it
 * too: this spec starts on a fresh step and leaves only once its step is over.
 */
const untilNextStep = () => PERIOD_MS - (Date.now() % PERIOD_MS) + 500;

async function shoot(page: Page, name: string) {
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-desktop.png`, fullPage: true });
}

test('the demo operator adds a passkey after a code login, logs in with it, and removes it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto('/operatore');
  await expectPage(page, '/operatore', 'Accesso operatori');
  await expect(page.getByRole('button', { name: 'Accedi con passkey' })).toBeVisible();
  await shoot(page, 'care-passkeys-login');
  await page.waitForTimeout(untilNextStep());
  const loggedInAt = Date.now();
  await page.getByLabel('Nome utente').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Codice di verifica').fill(totp.generate());
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expectPage(page, '/operatore/cerca', 'Cerca un cliente');

  // The Passkey page: none yet; this session may add one (a code login less than 5 minutes ago).
  await page.getByRole('link', { name: 'Passkey', exact: true }).click();
  await expectPage(page, '/operatore/passkey', 'Le tue passkey');
  await expect(page.getByText('Non hai ancora aggiunto passkey.')).toBeVisible();
  await expect(page.getByText(/Puoi aggiungere una passkey fino alle \d{2}:\d{2}/)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Nome della passkey (facoltativo)').fill(NAME);
  await page.getByRole('button', { name: 'Aggiungi una passkey' }).click();
  await expect(page.getByRole('status')).toHaveText(`Passkey «${NAME}» aggiunta.`);
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader', { name: NAME })).toBeVisible();
  await expect(table).toContainText('Mai usata');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await shoot(page, 'care-passkeys-added');

  // Out, then in with the passkey alone.
  await page.getByRole('button', { name: 'Esci' }).click();
  await expectPage(page, '/operatore', 'Accesso operatori');
  await page.getByRole('button', { name: 'Accedi con passkey' }).click();
  await expectPage(page, '/operatore/cerca', 'Cerca un cliente');
  await expect(page.getByText(/Operatore demo · Operatore/)).toBeVisible();

  // Used now; a passkey session adds none (it must log in with the code again); removed.
  await page.getByRole('link', { name: 'Passkey', exact: true }).click();
  await expectPage(page, '/operatore/passkey', 'Le tue passkey');
  await expect(table).not.toContainText('Mai usata');
  await expect(page.getByText(/Per aggiungere una passkey esci e accedi di nuovo/)).toBeVisible();
  await shoot(page, 'care-passkeys-used');
  await page.getByRole('button', { name: `Rimuovi la passkey ${NAME}` }).click();
  await expect(page.getByRole('status')).toHaveText(`Passkey «${NAME}» rimossa.`);
  await expect(page.getByText('Non hai ancora aggiunto passkey.')).toBeVisible();
  await expectAccessible(page);

  // The removed passkey opens nothing: the login says so in Italian.
  await page.getByRole('button', { name: 'Esci' }).click();
  await page.getByRole('button', { name: 'Accedi con passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('La passkey non è stata accettata');
  await expectAccessible(page);

  const left = PERIOD_MS - (Date.now() - loggedInAt);
  if (left > 0) await page.waitForTimeout(left + 500);
});
