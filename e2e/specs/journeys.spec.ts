// Journeys that used to lose their way: a real street the street list lacks, the way
// to the profile on a large screen, the waiting page after a reload. Each brand has its own copy
// of the demo customer: the test that changes data uses one no other spec changes (sgr's gas supply).
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, BRAND_NAMES } from '../support/accounts';
import {
  chooseBrand,
  expectAccessible,
  expectPage,
  logInToDashboard,
  passStepUpWithCode,
  screenshotBothSizes,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

async function openGasShippingAddress(page: Page) {
  await page.setViewportSize(VIEWPORTS.mobile);
  await logInToDashboard(page, 'sgr', ACCOUNTS.privateCustomer);
  await page.goto('/supplies');
  await expectPage(page, '/supplies', 'Le tue forniture');
  await page.getByRole('listitem').filter({ hasText: 'PDR' }).getByRole('link').click();
  await page.getByRole('link', { name: 'Modifica indirizzo di spedizione' }).click();
  await expectPage(page, /\/edit-shipping-address$/, "Modifica l'indirizzo di spedizione");
}

test('a real street the street list lacks is confirmed and sent, flagged unverified', async ({ page }) => {
  await openGasShippingAddress(page);
  await page.getByRole('combobox', { name: 'Comune' }).fill('Milano');
  await page.getByLabel('Provincia').fill('MI');
  await page.getByRole('combobox', { name: 'Indirizzo' }).fill('via solferino');
  await page.getByLabel('CAP').fill('20121');

  // A civic number must look like one: 'abc' is refused on its field, before any check.
  const civic = page.getByLabel('Numero civico');
  await civic.fill('abc');
  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText(/Numero civico non valido/)).toBeVisible();
  await expect(civic).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await civic.fill('5');
  await page.getByRole('button', { name: 'Conferma' }).click();
  const confirm = page.getByRole('dialog', { name: "Confermi l'indirizzo?" });
  await expect(confirm).toContainText('Via Solferino 5, 20121 Milano (MI)');
  await screenshotBothSizes(page, 'journeys-address-unverified');

  // 'Correggi' goes back to the form as typed; confirming sends it.
  await confirm.getByRole('button', { name: 'Correggi' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Indirizzo' })).toHaveValue('via solferino');
  await page.getByRole('button', { name: 'Conferma' }).click();
  await confirm.getByRole('button', { name: "Sì, l'indirizzo è giusto" }).click();
  // Where the bills go asks who is there first (a step-up); the request is sent again once passed.
  await passStepUpWithCode(page);
  const feedback = page.getByRole('dialog', { name: 'Richiesta inviata' });
  await expect(feedback).toBeVisible();
  await expectAccessible(page);
});

test('at 1280 px the name in the header leads to the profile', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /vai al profilo/ })
    .click();
  await expectPage(page, '/profile', 'Il tuo profilo');
});

test("the waiting page keeps 'Esci' and the help after a reload, and leads to a delegation", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await chooseBrand(page, 'sga');
  await submitLogin(page, ACCOUNTS.noCustomers);
  await expectPage(page, '/errore/in-attesa-di-conferma', 'Il tuo accesso è in attesa di conferma');
  await page.reload();
  await expectPage(page, '/errore/in-attesa-di-conferma', 'Il tuo accesso è in attesa di conferma');
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aiuto' })).toBeVisible();
    await expectAccessible(page);
  }

  await page.getByRole('link', { name: 'richiedi una delega' }).click();
  await expectPage(page, '/profile/request-delegation');
  await page.goBack();
  await page.getByRole('button', { name: 'Esci' }).click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
});

test('the brand picker speaks for no brand: each card has its own logo and name', async ({ page }) => {
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expectPage(page, '/company', 'Scegli il tuo fornitore');
    await expect(page.getByRole('banner')).not.toContainText(BRAND_NAMES.sgr);
    await expect(page.getByRole('contentinfo')).not.toContainText('S.p.A.');
    for (const name of Object.values(BRAND_NAMES)) {
      await expect(page.getByRole('button', { name: `Accedi a ${name}` })).toContainText(name);
    }
  }
});

test('the new general conditions to accept are linked from the blocking popup', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await chooseBrand(page, 'sgr');
  await submitLogin(page, 'giuliaconti');
  const popup = page.getByRole('alertdialog', {
    name: 'Aggiornamento delle condizioni generali di fornitura',
  });
  await expect(popup).toBeVisible();
  const link = popup.getByRole('link', { name: /Leggi le condizioni generali di fornitura/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expectAccessible(page);

  const [conditions] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expectPage(conditions, '/condizioni-generali', 'Condizioni generali di fornitura');
  await expect(conditions.getByRole('heading', { name: 'Durata e recesso' })).toBeVisible();
  await expect(conditions.getByRole('alertdialog')).toHaveCount(0);
  await screenshotBothSizes(conditions, 'journeys-conditions');
  await conditions.close();
  await expect(popup).toBeVisible();
});

test('an absurd self-reading is refused; a high one is corrected by the main button', async ({ page }) => {
  // sgr's demo customer has its reading window open (readings.spec.ts); nothing is saved here.
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, 'sgr', ACCOUNTS.privateCustomer);
  const window = page.getByRole('region', { name: 'Finestra aperta: invia la lettura' });
  await window.getByRole('link', { name: 'Invia la lettura' }).last().click();
  await expectPage(page, /\/supplies\/\d+\/autolettura$/, 'Autolettura');
  const gas = page.getByLabel(/^Volume/);
  const hintId = ((await gas.getAttribute('aria-describedby')) ?? '').split(' ')[0] ?? '';
  const hint = (await page.locator(`[id="${hintId}"]`).textContent()) ?? '';
  const last = Number((/Ultima lettura: ([\d.]+)/.exec(hint)?.[1] ?? '').replace(/\./g, ''));

  await gas.fill('99999999');
  await page.getByRole('button', { name: 'Invia la lettura' }).click();
  // The server's refusal (SPEC §8: a popup), with no way to confirm the value.
  const refusal = page.getByRole('dialog').filter({ hasText: /nessun contatore può averlo segnato/ });
  await expect(refusal).toBeVisible();
  await expectAccessible(page);
  await refusal.getByRole('button', { name: 'Chiudi' }).click();
  await expect(gas).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Controlla la lettura' })).toHaveCount(0);

  await gas.fill(String(last + 2_000));
  await page.getByRole('button', { name: 'Invia la lettura' }).click();
  await expect(page.getByRole('heading', { name: 'Controlla la lettura' })).toBeVisible();
  const correct = page.getByRole('button', { name: 'Correggo i valori' });
  await expect(correct).toHaveClass(/button--primary/);
  await expect(page.getByRole('button', { name: 'Sono sicuro: confermo i valori' })).toHaveClass(
    /button--secondary/,
  );
  await expectAccessible(page);
  await correct.click();
  await expect(gas).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Lettura inviata' })).toHaveCount(0);
});

test('proposals are listed once logged in, and accepting one shows its price before confirming', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await logInToDashboard(page, 'ast', ACCOUNTS.privateCustomer);
  // SPEC §2's menu has no proposals entry: the dashboard's messages card and the messages page lead there.
  await page.goto('/messages');
  await expect(page.getByRole('link', { name: 'Le tue proposte commerciali' })).toHaveAttribute(
    'href',
    '/proposals',
  );
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Le tue proposte commerciali' }).click();
  await expectPage(page, '/proposals', 'Le tue proposte');
  await expect(page.getByText('Da valutare')).toBeVisible();
  await screenshotBothSizes(page, 'journeys-proposals');
  await page.getByRole('link', { name: 'Passa a Luce Fissa 24' }).click();
  await expectPage(page, /\/proposals\/PRP-ast-\d+$/, 'Passa a Luce Fissa 24');

  // The price, the conditions and the date are there before any choice; one click does not commit.
  await expect(page.getByRole('heading', { name: 'Cosa accetti' })).toBeVisible();
  await expect(page.getByText(/Prezzo dell'energia: 0,1285\s€ per kWh/)).toBeVisible();
  await expect(page.getByText(/Quota fissa: 9,90\s€ al mese/)).toBeVisible();
  // What it would cost this customer in a year, on his own last twelve months, VAT included.
  await expect(
    page.getByText(
      /Con questa offerta spenderesti circa [\d.]+\s€ all’anno, IVA 10% inclusa, sui tuoi consumi/,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Le nuove condizioni si applicano dal \d+ \w+ \d{4}\./)).toBeVisible();
  await expect(page.getByRole('link', { name: /Leggi le condizioni generali di fornitura/ })).toHaveAttribute(
    'href',
    '/condizioni-generali',
  );
  await page.getByRole('button', { name: 'Accetto la proposta' }).click();
  await expect(page.getByText("Confermi l'adesione alle condizioni qui sopra?")).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Proposta accettata' })).toHaveCount(0);
  await screenshotBothSizes(page, 'journeys-proposal-review');

  // Back leaves it unanswered.
  await page.getByRole('button', { name: 'Torna indietro' }).click();
  await expect(page.getByRole('button', { name: 'Accetto la proposta' })).toBeVisible();
});
