// What a customer reads and where a journey leads: a brand without self-reading never asks for a
// reading; a bill's prices, type and offer read as words; a gas chart offers only the details it has
// data for and names its supply with its PDR; the address form drops another town's CAP and names
// the wrong field; the acceptance popup can be set aside or left; a sent reading says where to go.
// Each test that writes uses a brand no other spec writes the same data in.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import {
  chooseBrand,
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

// Each page is checked with axe at two widths: on the shared machine the default minute is short.
test.describe.configure({ timeout: 180_000 });

test('a brand without self-reading sends no reading notice and no such message', async ({ page }) => {
  await logInToDashboard(page, 'ast', ACCOUNTS.privateCustomer);
  await page.goto('/notifications');
  await expectPage(page, '/notifications', 'Notifiche');
  await expect(page.getByRole('heading', { name: 'Nuova bolletta disponibile' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/autolettura/i);
  await screenshotBothSizes(page, 'customer-reads-ast-notifications');
  await page.goto('/messages');
  await expectPage(page, '/messages', 'Messaggi');
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/autolettura/i);
});

test('a bill reads in words: prices with one unit, its type as the PDF names it', async ({ page }) => {
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page.goto('/invoices');
  await expectPage(page, '/invoices', 'Bollette');
  const main = page.getByRole('main');
  const all = main.getByRole('region', { name: 'Le tue bollette' });
  await expect(all.getByRole('link', { name: /^Vedi la bolletta n\./ }).first()).toBeVisible();
  // mariorossi's adjustment bill (type 31) is on one of the list's pages: named as its PDF names it.
  const adjustment = all.getByRole('listitem').filter({ hasText: 'Bolletta di conguaglio' });
  for (let turn = 1; turn < 10 && (await adjustment.count()) === 0; turn++) {
    await expect(all).not.toContainText('Altra bolletta');
    await all.getByRole('button', { name: 'Successive' }).click();
    // The next page is read only once it shows: a page still loading would be skipped.
    await expect(all.getByText(new RegExp(`^Pagina ${turn + 1} di `))).toBeVisible();
  }
  await expect(adjustment.first()).toBeVisible();
  await adjustment.first().getByRole('link').click();
  await expectPage(page, /\/invoice\/\d+$/, /^Bolletta di conguaglio /);

  // A bill's offer box: each price with its one unit ('9,00 €/mese', never '9,00 € €/mese').
  await page.goto('/invoices');
  await all
    .getByRole('link', { name: /^Vedi la bolletta n\./ })
    .first()
    .click();
  await expectPage(page, /\/invoice\/\d+$/, /^Bolletta /);
  await expect(main).toContainText('Lo scontrino dell’energia');
  await expect(main).toContainText(/€\/(kWh|Smc|mese)/);
  await expect(main).not.toContainText(/€\s€/);
  await screenshotBothSizes(page, 'customer-reads-bill');
});

/** Opens the graphs of mariorossi's supply whose point code is labelled `pointLabel` (POD or PDR). */
async function openGraphs(page: Page, pointLabel: 'POD' | 'PDR') {
  await page.goto('/supplies');
  await expectPage(page, '/supplies', 'Le tue forniture');
  await page.getByRole('listitem').filter({ hasText: pointLabel }).getByRole('link').first().click();
  await page.getByRole('link', { name: 'Grafico dei consumi' }).click();
  await expectPage(page, /\/supplies\/\d+\/graphs$/, 'Grafico dei consumi');
}

test('a gas chart offers only the months it has, without bands, and names its supply with its PDR', async ({
  page,
}) => {
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await openGraphs(page, 'PDR');
  // Both of mariorossi's home supplies are 'Casa': the point code tells this one apart.
  await expect(page.locator('.page__subtitle')).toHaveText(/^Casa · PDR \d+$/);
  await expect(page.getByRole('table', { name: 'Consumi per mese, in Smc' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Mese' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Giorno' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Ora' })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(/fasc/i);
  await screenshotBothSizes(page, 'customer-reads-gas-graphs');

  // Electricity with its smart meter's curve keeps days and hours, by band.
  await openGraphs(page, 'POD');
  await expect(page.locator('.page__subtitle')).toHaveText(/^Casa · POD IT\w+$/);
  await expect(page.getByRole('radio', { name: 'Ora' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Consumi per mese e fascia/ })).toBeVisible();
});

test("changing the town drops the other town's CAP, and a refused address names the wrong field", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  // msu's gas supply: this test sends nothing, so no other spec's data is touched.
  await logInToDashboard(page, 'msu', ACCOUNTS.privateCustomer);
  await page.goto('/supplies');
  await page.getByRole('listitem').filter({ hasText: 'PDR' }).getByRole('link').first().click();
  await page.getByRole('link', { name: 'Modifica indirizzo di spedizione' }).click();
  await expectPage(page, /\/edit-shipping-address$/, "Modifica l'indirizzo di spedizione");

  const town = page.getByRole('combobox', { name: 'Comune' });
  const postalCode = page.getByLabel('CAP');
  await town.fill('Roma');
  await page.getByRole('option', { name: /^Roma/ }).first().click();
  await postalCode.fill('00153');
  await town.fill('Milano');
  await page
    .getByRole('option', { name: /^Milano/ })
    .first()
    .click();
  await expect(postalCode).toHaveValue('');

  // A Rome CAP with a Milan street: the popup and the field say it is the CAP.
  await postalCode.fill('00153');
  await page.getByRole('combobox', { name: 'Indirizzo' }).fill('Via Solferino');
  await page.getByLabel('Numero civico').fill('5');
  await page.getByRole('button', { name: 'Conferma' }).click();
  const refused = page.getByRole('dialog', { name: 'Indirizzo non valido' });
  await expect(refused).toContainText('Il CAP non è di questo comune.');
  await screenshotBothSizes(page, 'customer-reads-address-refused');
  await refused.getByRole('button', { name: 'Riprova' }).click();
  await expect(refused).toBeHidden();
  await expect(postalCode).toBeFocused();
  await expect(page.getByText('Il CAP non è di questo comune.')).toBeVisible();
  await expect(town).toHaveValue('Milano');
  await expectAccessible(page);
});

test('the acceptance popup can be set aside for now, and left by logging out', async ({ page }) => {
  await chooseBrand(page, 'sga');
  await submitLogin(page, 'giuliaconti');
  const popup = page.getByRole('alertdialog');
  await expect(popup).toBeVisible();
  await screenshotBothSizes(page, 'customer-reads-acceptance');
  await popup.getByRole('button', { name: 'Decido più tardi' }).click();
  await expect(popup).toBeHidden();
  await expectPage(page, '/dashboard', /^Ciao, /);

  // Set aside, not accepted: a reload asks again, and 'Esci' leaves.
  await page.reload();
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Esci' }).click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
});

test('after sending a reading, the way back to the supply is offered', async ({ page }) => {
  // msu: no other spec sends a reading there.
  await logInToDashboard(page, 'msu', ACCOUNTS.privateCustomer);
  const windowCard = page.getByRole('region', { name: 'Finestra aperta: invia la lettura' });
  await windowCard.getByRole('link', { name: 'Invia la lettura' }).last().click();
  await expectPage(page, /\/supplies\/\d+\/autolettura$/, 'Autolettura');
  const supplyPath = new URL(page.url()).pathname.replace(/\/autolettura$/, '');
  const field = page.getByRole('textbox').first();
  const hintId = ((await field.getAttribute('aria-describedby')) ?? '').split(' ')[0] ?? '';
  const hint = (await page.locator(`[id="${hintId}"]`).textContent()) ?? '';
  const last = Number((/Ultima lettura: ([\d.]+)/.exec(hint)?.[1] ?? '0').replace(/\./g, ''));
  await field.fill(String(last + 5));
  await page.getByRole('button', { name: 'Invia la lettura' }).click();
  const sent = page.getByRole('dialog', { name: 'Lettura inviata' });
  await expect(sent).toBeVisible();
  await expect(sent.getByRole('button', { name: "Vai all'archivio letture" })).toBeVisible();
  await screenshotBothSizes(page, 'customer-reads-reading-sent');
  await sent.getByRole('button', { name: 'Torna alla fornitura' }).click();
  await expectPage(page, supplyPath);
});

test('a user with no customer links his own contract with a code sent to a contact on file', async ({
  page,
}) => {
  // msu's Elena Marchi: no other spec registers or links her there.
  const elena = { code: '50000011', fiscalCode: 'MRCLNE88C61A944R', email: 'elena.marchi@example.it' };
  await chooseBrand(page, 'msu');
  await submitLogin(page, ACCOUNTS.noCustomers);
  await expectPage(page, '/errore/in-attesa-di-conferma', 'Il tuo accesso è in attesa di conferma');
  await page.getByRole('link', { name: 'collega il tuo contratto' }).click();
  await expectPage(page, '/profile/link-contract', 'Collega il tuo contratto');
  await page.getByLabel('Codice cliente').fill(elena.code);
  await page.getByLabel(/^Codice fiscale/).fill(elena.fiscalCode);
  await screenshotBothSizes(page, 'customer-reads-link-contract');
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByText('Intestatario: Elena Marchi')).toBeVisible();
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  await expect(page.getByText(/Ti abbiamo inviato il codice a/)).toBeVisible();
  const pattern = new RegExp(
    `<td>${elena.email}</td><td>Codice di registrazione</td><td><pre>([\\s\\S]*?)</pre>`,
  );
  let code = '';
  await expect
    .poll(async () => {
      code =
        /\b(\d{4})\b/.exec(
          pattern.exec(await (await page.request.get('/dev/outbox')).text())?.[1] ?? '',
        )?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  await page.getByLabel('Codice ricevuto').fill(code);
  await page.getByRole('button', { name: 'Continua' }).click();
  const done = page.getByRole('dialog', { name: 'Contratto collegato' });
  await expect(done).toBeVisible();
  await expectAccessible(page);
  await done.getByRole('button', { name: 'Vai alla home' }).click();
  await expectPage(page, '/dashboard', /^Ciao, /);
});

test('a user with no customer has a profile of his own login, and a way to link his contract', async ({
  page,
}) => {
  // sgr: no spec links a contract to him there, so he stays without a customer.
  await chooseBrand(page, 'sgr');
  await submitLogin(page, ACCOUNTS.noCustomers);
  await expectPage(page, '/errore/in-attesa-di-conferma', 'Il tuo accesso è in attesa di conferma');
  await page.getByRole('link', { name: 'vai al tuo profilo' }).click();
  await expectPage(page, '/profile', 'Il tuo profilo');
  const main = page.getByRole('main');
  await expect(main.getByText(ACCOUNTS.noCustomers, { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Modifica: E-mail' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Collega il tuo contratto' })).toHaveAttribute(
    'href',
    '/profile/link-contract',
  );
  // What needs a customer is not offered.
  await expect(main.getByText('Codice cliente', { exact: true })).toHaveCount(0);
  await expect(main.getByRole('link', { name: /Deleghe/ })).toHaveCount(0);
  await screenshotBothSizes(page, 'customer-reads-profile-without-customer');
  for (const [link, path, heading] of [
    ['Dispositivi e accessi', '/profile/dispositivi', 'Dispositivi e accessi'],
    ['Preferenze di notifica', '/profile/manage-push', /notific/i],
    ['Password', '/profile/edit-password', /password/i],
  ] as const) {
    await page.goto('/profile');
    await main.getByRole('link', { name: link, exact: true }).click();
    await expectPage(page, path, heading);
    await expectAccessible(page);
  }
});
