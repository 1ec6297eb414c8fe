// The customer-care console's specs (ADR 041, 043): the demo operator's login with the code of the
// demo's published TOTP secret (or the e2e supervisor's), and mariorossi as his own portal shows him.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import demoAccounts from '../../docs/demo-accounts.json' with { type: 'json' };
import { ACCOUNTS, PASSWORD } from './accounts';
import { expectPage } from './app';

export const operator = demoAccounts.staff[0]!;
const API = '/services/rest/portalapi';

/** mariorossi's first POD/PDR on the sga brand, and his name, as his own portal shows them. */
export async function marioSupply(request: APIRequestContext) {
  const post = async (path: string, body: unknown, sessionId?: string) =>
    (
      await request.post(`${API}/${path}`, {
        data: { request: body },
        headers: sessionId ? { sessionId } : {},
      })
    ).json();
  const guest = (await post('Core/v1/sessions', { company: 'sga', locale: 'it' })).data.id;
  const session = (
    await post('Core/v1/user/login', { username: ACCOUNTS.privateCustomer, password: PASSWORD }, guest)
  ).data.id;
  const get = async (path: string) =>
    (await request.get(`${API}/${path}`, { headers: { sessionId: session } })).json();
  const customer = (await get('Erp/v1/customers')).data.customers[0];
  const supply = (await get(`Erp/v1/supplies?customerKey=${customer.key}`)).data.supplies[0];
  return { pointCode: supply.pointCode as string, name: customer.account.name as string };
}

interface StaffLoginData {
  username: string;
  password: string;
  totpSecret: string;
}

/** The supervisor e2e/run.mjs creates on the spec server's database (the demo has none). */
export function supervisor(): StaffLoginData {
  const given = process.env.E2E_SUPERVISOR;
  if (!given) throw new Error('E2E_SUPERVISOR is not set: run the specs with e2e/run.mjs, which creates one');
  return JSON.parse(given) as StaffLoginData;
}

const codeNow = (account: StaffLoginData) =>
  new TOTP({ secret: account.totpSecret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/**
 * Logs a staff account in (the demo operator by default). A code opens once (ADR 041): when another
 * spec of the shard has just spent this step's, the next step's code is waited for. The login call's
 * own answer decides, not an alert on the page: a refusal's alert stays on screen while the next
 * attempt goes through.
 */
export async function operatorLogin(page: Page, account: StaffLoginData = operator): Promise<void> {
  await page.goto('/operatore');
  await expectPage(page, '/operatore', 'Accesso operatori');
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByLabel('Nome utente').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByLabel('Codice di verifica').fill(codeNow(account));
    const [answer] = await Promise.all([
      page.waitForResponse(
        (res) => res.request().method() === 'POST' && res.url().endsWith('/staff/v1/login'),
      ),
      page.getByRole('button', { name: 'Accedi', exact: true }).click(),
    ]);
    if (answer.ok()) break;
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  await expect(page).toHaveURL(/\/operatore\/cerca$/);
}
