// The app in Chromium with app mode switched on at the native boundary: a double of
// Capacitor's native bridge (support/native-double.ts) answers the plugins and records their calls;
// our code, @capacitor/core, the plugins' JavaScript and the server run for real.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, BRAND_NAMES, PASSWORD } from '../support/accounts';
import {
  answerConsent,
  expectAccessible,
  expectPage,
  SCREENSHOT_DIR,
  sessionIdOf,
  submitLogin,
  VIEWPORTS,
} from '../support/app';
import {
  emitNative,
  installNativeDouble,
  nativeCalls,
  setDevice,
  type DoubleDevice,
} from '../support/native-double';

// Each flow visits several pages, each checked with axe: more than the default minute on a shared machine.
test.describe.configure({ timeout: 240_000 });

const CORE = '/services/rest/portalapi/Core/v1';
const APP_LOGIN_HEADING = "Accedi all'app";

/** First launch: brand choice, consent, then app login (guard 5). */
async function openApp(page: Page, device: DoubleDevice = {}) {
  await page.setViewportSize(VIEWPORTS.mobile);
  await installNativeDouble(page, device);
  await page.goto('/');
  await expectPage(page, '/company', 'Scegli il tuo fornitore');
  await answerConsent(page);
  await page.getByRole('button', { name: `Accedi a ${BRAND_NAMES.sga}` }).click();
  await expectPage(page, '/applogin', APP_LOGIN_HEADING);
}

async function logInWithPassword(page: Page) {
  await submitLogin(page, ACCOUNTS.privateCustomer);
}

async function expectDashboard(page: Page) {
  await expectPage(page, '/dashboard', /^Ciao, /);
  await expect(page.getByRole('heading', { name: 'Le tue forniture' })).toBeVisible();
}

test('app login with a password, biometrics enabled, then the next run enters with Face ID', async ({
  page,
}) => {
  await openApp(page);
  // Guard 3: the status bar follows the route (company dark, app login light content).
  expect((await nativeCalls(page, 'StatusBar', 'setStyle')).map((call) => call.options?.style)).toContain(
    'LIGHT',
  );
  await page.screenshot({ path: `${SCREENSHOT_DIR}/app-login-mobile.png`, fullPage: true });
  await expect(page.getByRole('button', { name: 'Accedi con impronta / Face ID' })).toHaveCount(0);

  await logInWithPassword(page);
  await expectPage(page, '/active-biometric', 'Accedi più velocemente');
  // Push: asked once the user is in and acting for a customer; the token goes to POST devices.
  const registered = page.waitForRequest((r) => r.url().endsWith(`${CORE}/devices`) && r.method() === 'POST');
  await page.getByRole('button', { name: 'Attiva impronta / Face ID' }).click();
  await expectDashboard(page);
  const saved = await nativeCalls(page, 'NativeBiometric', 'setCredentials');
  expect(saved).toHaveLength(1);
  expect(saved[0]?.options).toMatchObject({ server: 'sga', username: ACCOUNTS.privateCustomer });
  // The password is never in web storage: only the (double's) Keychain holds it.
  const webStorage = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([key]) => !key.startsWith('double.'))
      .map(([, value]) => value)
      .join(' '),
  );
  expect(webStorage).not.toContain('Sportello2026!');

  expect((await registered).postDataJSON()).toEqual({
    request: { fbPushId: 'fcm-token-e2e', platform: 'android' },
  });
  expect(await nativeCalls(page, 'PushNotifications', 'requestPermissions')).toHaveLength(1);

  // A new run of the app: logged in, but app login is asked again (guard 7), now with biometrics.
  await page.reload();
  await expectPage(page, '/applogin', APP_LOGIN_HEADING);
  await page.getByRole('button', { name: 'Accedi con impronta / Face ID' }).click();
  await expectDashboard(page);
  expect(await nativeCalls(page, 'NativeBiometric', 'verifyIdentity')).toHaveLength(1);

  // Disabling deletes the secret (/profile/confirm-psw-biometric).
  // (Reached from the profile; within this run, so no new app login.)
  await page.evaluate(() => window.history.pushState(null, '', '/profile/confirm-psw-biometric'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await expectPage(page, '/profile/confirm-psw-biometric', 'Accesso con impronta / Face ID');
  await expect(
    page.getByText("L'accesso con impronta / Face ID è attivo su questo dispositivo."),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Disattiva' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'disattivato' })).toBeVisible();
  expect(await nativeCalls(page, 'NativeBiometric', 'deleteCredentials')).toHaveLength(1);

  // Logout removes the device (DELETE devices) while the session is still open.
  const removed = page.waitForRequest((r) => r.url().includes(`${CORE}/devices?`) && r.method() === 'DELETE');
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.getByRole('button', { name: 'Esci' }).click();
  expect(new URL((await removed).url()).searchParams.get('fbPushId')).toBe('fcm-token-e2e');
});

test('app login without biometrics on the device: password only, no offer', async ({ page }) => {
  await openApp(page, { biometrics: false });
  await logInWithPassword(page);
  await expectDashboard(page);
  expect(await nativeCalls(page, 'NativeBiometric', 'setCredentials')).toHaveLength(0);
});

test('force update: a modal that nothing dismisses, with the store page of Italy', async ({ page }) => {
  await openApp(page);
  await setDevice(page, 'version', '0.1.0');
  await page.reload();
  const modal = page.getByRole('dialog', { name: "Aggiorna l'app" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: 'Aggiorna ora' })).toHaveAttribute(
    'href',
    'https://play.google.com/store/apps/details?id=it.sportello.sga&gl=IT&hl=it',
  );
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/app-force-update-mobile.png`, fullPage: true });

  await page.keyboard.press('Escape');
  await emitNative(page, 'App', 'backButton', { canGoBack: true });
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  // Everything behind it is out of reach.
  await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toHaveCount(0);
  expect(await nativeCalls(page, 'App', 'exitApp')).toHaveLength(0);
});

test('offline goes to the offline page and back when the network returns', async ({ page }) => {
  await openApp(page);
  await logInWithPassword(page);
  await expectPage(page, '/active-biometric', 'Accedi più velocemente');
  await page.getByRole('button', { name: 'Non ora' }).click();
  await expectDashboard(page);

  await emitNative(page, 'Network', 'networkStatusChange', { connected: false, connectionType: 'none' });
  await expectPage(page, '/errore/offline');
  await emitNative(page, 'Network', 'networkStatusChange', { connected: true, connectionType: 'wifi' });
  await expectDashboard(page);
});

test('back to the foreground with an ended session: partial logout and the feedback', async ({ page }) => {
  await openApp(page);
  await logInWithPassword(page);
  await page.getByRole('button', { name: 'Attiva impronta / Face ID' }).click();
  await expectDashboard(page);

  const ended = await page.request.delete(`${CORE}/user/logout`, {
    headers: { sessionId: (await sessionIdOf(page)) ?? '' },
  });
  expect(ended.ok()).toBe(true);
  await emitNative(page, 'App', 'appStateChange', { isActive: true });
  const feedback = page.getByRole('dialog', { name: 'La tua sessione è scaduta' });
  await expect(feedback).toBeVisible();
  await expectAccessible(page);
  // Hardware back never leaves a blocking popup behind.
  await emitNative(page, 'App', 'backButton', { canGoBack: true });
  await expect(feedback).toBeVisible();
  await feedback.getByRole('button', { name: 'Accedi' }).click();
  // Biometrics are active, so the brand was kept: straight to app login, with Face ID.
  await expectPage(page, '/applogin', APP_LOGIN_HEADING);
  await page.getByRole('button', { name: 'Accedi con impronta / Face ID' }).click();
  await expectDashboard(page);
});

test('a deep link pushes the path after the host; hardware back follows history', async ({ page }) => {
  await openApp(page);
  await logInWithPassword(page);
  await page.getByRole('button', { name: 'Non ora' }).click();
  await expectDashboard(page);

  await emitNative(page, 'App', 'appUrlOpen', { url: 'https://sportello.solegasacqua.example/invoices' });
  await expectPage(page, '/invoices', 'Bollette');
  await emitNative(page, 'App', 'backButton', { canGoBack: true });
  await expectDashboard(page);
});

test('push opened: session and customer from the link, recorded, then the page after 500 ms', async ({
  page,
}) => {
  await openApp(page);
  await logInWithPassword(page);
  await page.getByRole('button', { name: 'Non ora' }).click();
  await expectDashboard(page);
  const headers = { sessionId: (await sessionIdOf(page)) ?? '' };
  const list = await page.request.get(`${CORE}/notifications`, { headers });
  const notificationId = ((await list.json()) as { data: { notifications: { id: string }[] } }).data
    .notifications[0]?.id;
  expect(notificationId).toBeTruthy();

  const recorded = page.waitForRequest(
    (r) => r.url().endsWith(`${CORE}/notifications`) && r.method() === 'PUT',
  );
  const tappedAt = Date.now();
  await emitNative(page, 'PushNotifications', 'pushNotificationActionPerformed', {
    actionId: 'tap',
    notification: {
      id: 'push-e2e-1',
      data: {
        'link.hashCode': 'demo-invoice-sga',
        'notification.id': notificationId,
        mn_message_id: 'MN-E2E',
      },
    },
  });
  expect((await recorded).postDataJSON()).toEqual({
    request: { id: notificationId, mn_msg_id: 'MN-E2E', pushId: 'push-e2e-1' },
  });
  await expect(page).toHaveURL(/\/invoice\/[^/]+$/);
  expect(Date.now() - tappedAt).toBeGreaterThanOrEqual(500);
  await expectAccessible(page);
});

test('push tapped before app login: app login first, then its page, and the push recorded', async ({
  page,
}) => {
  // The notification the push is about, read through the API with a login of its own.
  const guest = await (
    await page.request.post(`${CORE}/sessions`, { data: { request: { company: 'sga' } } })
  ).json();
  const login = await page.request.post(`${CORE}/user/login`, {
    headers: { sessionId: guest.data.id },
    data: { request: { username: ACCOUNTS.privateCustomer, password: PASSWORD } },
  });
  const list = await page.request.get(`${CORE}/notifications`, {
    headers: { sessionId: (await login.json()).data.id },
  });
  const notificationId = ((await list.json()) as { data: { notifications: { id: string }[] } }).data
    .notifications[0]?.id;
  expect(notificationId).toBeTruthy();

  await openApp(page);
  await emitNative(page, 'PushNotifications', 'pushNotificationActionPerformed', {
    actionId: 'tap',
    notification: {
      id: 'push-e2e-2',
      data: {
        'link.hashCode': 'demo-invoice-sga',
        'notification.id': notificationId,
        mn_message_id: 'MN-E2E-2',
      },
    },
  });
  // A bill needs a login: app login comes first and keeps the link to open after it.
  await expectPage(page, /\/applogin\?next=%2Flink%2Fdemo-invoice-sga/, APP_LOGIN_HEADING);
  const recorded = page.waitForRequest(
    (r) => r.url().endsWith(`${CORE}/notifications`) && r.method() === 'PUT',
  );
  await logInWithPassword(page);
  await page.getByRole('button', { name: 'Non ora' }).click();
  expect((await recorded).postDataJSON()).toEqual({
    request: { id: notificationId, mn_msg_id: 'MN-E2E-2', pushId: 'push-e2e-2' },
  });
  await expectPage(page, /\/invoice\/[^/]+$/);
});
